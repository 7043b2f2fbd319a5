import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { randomBase62 } from '../../src/common/ids/random-id';
import { WebhookDelivery } from '../../src/webhooks/webhook-delivery.entity';
import { WebhookDispatcher } from '../../src/webhooks/webhook.dispatcher';
import type { WebhookDeliveryView } from '../../src/webhooks/webhook-delivery-view';
import { NewWebhook, WebhooksService } from '../../src/webhooks/webhooks.service';
import { closedPort, freePort } from '../support/service-process';
import { TestTenant, createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { UnitOfWork } from '../../src/platform/unit-of-work';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

/** Local receivers on plain http, and retries 0.15 s apart so that a spent schedule takes well under a second. */
const RETRY_MS = 150;
const LOCAL_RECEIVERS = {
  ALLOW_PRIVATE_URLS: 'true',
  ALLOW_INSECURE_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '0.15,0.15',
};

const newReference = (label: string) => `${label}-${randomBase62(8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues a webhook the way the signing flows do: inside the unit of work of the state change. */
function enqueue(t: TestApp, input: Pick<NewWebhook, 'appId' | 'url' | 'reference'> & Partial<NewWebhook>) {
  const webhooks = t.app.get(WebhooksService);
  return new UnitOfWork(t.app.get(DataSource)).run(() =>
    webhooks.enqueue({
      type: 'signing.completed',
      flowId: `req_${randomBase62(24)}`,
      data: { signature: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln', signedAt: 1763900000 },
      ...input,
    }),
  );
}

const auth = (tenant: TestTenant) => ({ 'x-api-key': tenant.apiKey, 'x-access-secret': tenant.appSecret });

async function listDeliveries(t: TestApp, tenant: TestTenant, query: Record<string, string | number> = {}) {
  const response = await t.http().get('/api/v2/webhooks/deliveries').query(query).set(auth(tenant)).expect(200);
  return response.body.data.deliveries as WebhookDeliveryView[];
}

/** Re-reads the delivery of this reference until it satisfies `done`; fails after `timeoutMs`. */
async function deliveryWhen(
  t: TestApp,
  tenant: TestTenant,
  reference: string,
  done: (delivery: WebhookDeliveryView) => boolean,
  timeoutMs = 5000,
): Promise<WebhookDeliveryView> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [delivery] = await listDeliveries(t, tenant, { reference });
    if (delivery && done(delivery)) return delivery;
    if (performance.now() > deadline)
      throw new Error(`delivery for ${reference} never got there: ${JSON.stringify(delivery)}`);
    await sleep(25);
  }
}

const verify = (tenant: TestTenant, hit: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(tenant.webhookSecret).verify(hit.body, {
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  });

describe(`webhooks on ${dialect}`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let tenant: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({ env: LOCAL_RECEIVERS });
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('sends a webhook as soon as its transaction commits, signed so that the standardwebhooks package verifies it', async () => {
    const reference = newReference('order');
    const flowId = `req_${randomBase62(24)}`;
    const delivery = await enqueue(t, {
      appId: tenant.appId,
      url: receiver.url,
      reference,
      flowId,
      type: 'signing.rejected',
    });
    const committedAt = performance.now();

    const [hit] = await receiver.waitFor(reference, 1);
    expect(hit.at - committedAt).toBeLessThan(500);
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['webhook-id']).toBe(delivery.id);
    expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(verify(tenant, hit)).toEqual(hit.json);
    expect(hit.json).toEqual({
      type: 'signing.rejected',
      id: delivery.id,
      timestamp: new Date(delivery.createdAt).toISOString(),
      reference,
      flow: flowId,
      data: { signature: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln', signedAt: 1763900000 },
    });
    expect(() => verify(other, hit)).toThrow('No matching signature');

    const listed = await deliveryWhen(t, tenant, reference, (d) => d.status === 'succeeded');
    expect(listed).toMatchObject({
      id: delivery.id,
      attempts: 1,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it('writes and sends nothing when the transaction rolls back', async () => {
    const reference = newReference('rolled-back');
    const webhooks = t.app.get(WebhooksService);
    await expect(
      new UnitOfWork(t.app.get(DataSource)).run(async () => {
        await webhooks.enqueue({
          appId: tenant.appId,
          url: receiver.url,
          type: 'signing.completed',
          reference,
          flowId: 'req_x',
          data: {},
        });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await sleep(200);
    expect(receiver.arrivals).not.toContain(reference);
    await expect(listDeliveries(t, tenant, { reference })).resolves.toEqual([]);
  });

  it('retries a receiver that fails twice on the schedule, and it gets exactly one successful delivery', async () => {
    const reference = newReference('flaky');
    receiver.answer(reference, (earlier) => (earlier < 2 ? { status: 500, body: 'try later' } : { status: 200 }));
    const delivery = await enqueue(t, { appId: tenant.appId, url: receiver.url, reference });

    const hits = await receiver.waitFor(reference, 3);
    expect(hits.map((hit) => [hit.id, hit.answered])).toEqual([
      [delivery.id, 500],
      [delivery.id, 500],
      [delivery.id, 200],
    ]);
    // The schedule's wait between attempts, each signed afresh over the same body.
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(RETRY_MS - 20);
    expect(hits[2].at - hits[1].at).toBeGreaterThanOrEqual(RETRY_MS - 20);
    for (const hit of hits) expect(verify(tenant, hit)).toEqual(hits[0].json);

    const listed = await deliveryWhen(t, tenant, reference, (d) => d.status === 'succeeded');
    expect(listed).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    await sleep(2 * RETRY_MS);
    expect(receiver.hitsFor(reference)).toHaveLength(3);
  });

  it('marks a delivery failed, with the last error, once the schedule is spent', async () => {
    const reference = newReference('down');
    receiver.answer(reference, () => ({ status: 503, body: 'down for\nmaintenance' }));
    await enqueue(t, { appId: tenant.appId, url: receiver.url, reference });

    await receiver.waitFor(reference, 3);
    const listed = await deliveryWhen(t, tenant, reference, (d) => d.status === 'failed');
    expect(listed).toMatchObject({
      attempts: 3,
      lastStatusCode: 503,
      lastError: 'HTTP 503: down for maintenance',
      nextAttemptAt: null,
    });
    await sleep(2 * RETRY_MS);
    expect(receiver.hitsFor(reference)).toHaveLength(3);
  });

  it('records the error of an attempt that could not connect, with no status code', async () => {
    const reference = newReference('refused');
    const deadPort = await closedPort();
    await enqueue(t, { appId: tenant.appId, url: `http://127.0.0.1:${deadPort}/hooks`, reference });
    const listed = await deliveryWhen(t, tenant, reference, (d) => d.attempts >= 1);
    expect(listed.lastStatusCode).toBeNull();
    expect(listed.lastError).toMatch(/ECONNREFUSED/);
  });

  it('redelivers a succeeded or failed delivery once, with the same id and a fresh signature', async () => {
    const reference = newReference('redeliver');
    receiver.answer(reference, () => ({ status: 500 }));
    const delivery = await enqueue(t, { appId: tenant.appId, url: receiver.url, reference });
    await deliveryWhen(t, tenant, reference, (d) => d.status === 'failed');

    // Failed, and still failing: exactly one more attempt, then failed again.
    const again = await t
      .http()
      .post(`/api/v2/webhooks/deliveries/${delivery.id}/redeliver`)
      .set(auth(tenant))
      .expect(201);
    expect(again.body).toMatchObject({ status: 'successful', reason: 'Delivery queued', version: 'v2' });
    expect(again.body.data.delivery).toMatchObject({ id: delivery.id, status: 'pending', attempts: 3 });
    await receiver.waitFor(reference, 4);
    await deliveryWhen(t, tenant, reference, (d) => d.status === 'failed' && d.attempts === 4);
    await sleep(2 * RETRY_MS);
    expect(receiver.hitsFor(reference)).toHaveLength(4);

    // The receiver is fixed: a redelivery succeeds.
    receiver.answer(reference, () => ({ status: 202 }));
    await t.http().post(`/api/v2/webhooks/deliveries/${delivery.id}/redeliver`).set(auth(tenant)).expect(201);
    const hits = await receiver.waitFor(reference, 5);
    expect(hits[4].id).toBe(delivery.id);
    expect(verify(tenant, hits[4])).toEqual(hits[0].json);
    await deliveryWhen(t, tenant, reference, (d) => d.status === 'succeeded' && d.attempts === 5);

    // Succeeded: sent once more on request.
    await t.http().post(`/api/v2/webhooks/deliveries/${delivery.id}/redeliver`).set(auth(tenant)).expect(201);
    await receiver.waitFor(reference, 6);
    await deliveryWhen(t, tenant, reference, (d) => d.status === 'succeeded' && d.attempts === 6);
  });

  it("answers 404 for an unknown, malformed or another app's delivery, and 409 while an attempt is being sent", async () => {
    const reference = newReference('slow');
    receiver.answer(reference, () => ({ status: 204, delayMs: 600 }));
    const foreign = await enqueue(t, { appId: other.appId, url: receiver.url, reference });
    const own = await enqueue(t, { appId: tenant.appId, url: receiver.url, reference });

    for (const id of [foreign.id, 'msg_0000000000000000000000000', 'not-a-delivery', 'msg_%00']) {
      const response = await t.http().post(`/api/v2/webhooks/deliveries/${id}/redeliver`).set(auth(tenant)).expect(404);
      expect(response.body).toMatchObject({ status: 'failed', reason: 'No such webhook delivery' });
    }

    await deliveryWhen(t, tenant, reference, (d) => d.status === 'delivering');
    const busy = await t.http().post(`/api/v2/webhooks/deliveries/${own.id}/redeliver`).set(auth(tenant)).expect(409);
    expect(busy.body.status).toBe('failed');
    await deliveryWhen(t, tenant, reference, (d) => d.status === 'succeeded');
    await t.http().post(`/api/v2/webhooks/deliveries/${own.id}/redeliver`).set(auth(other)).expect(404);
  });

  it("lists only the calling app's deliveries, newest first, filtered by reference and status", async () => {
    const reference = newReference('shared');
    const first = await enqueue(t, {
      appId: tenant.appId,
      url: receiver.url,
      reference,
      type: 'document.signee.signed',
    });
    const second = await enqueue(t, { appId: tenant.appId, url: receiver.url, reference, type: 'document.completed' });
    const foreign = await enqueue(t, { appId: other.appId, url: receiver.url, reference });
    await receiver.waitFor(reference, 3);
    await deliveryWhen(t, tenant, reference, (d) => d.status === 'succeeded');

    const mine = await listDeliveries(t, tenant, { reference });
    expect(mine.map((d) => d.id).sort()).toEqual([first.id, second.id].sort());
    expect(mine[0].createdAt).toBeGreaterThanOrEqual(mine[1].createdAt);
    expect(mine.find((d) => d.id === first.id)).toMatchObject({
      type: 'document.signee.signed',
      reference,
      flow: first.flowId,
      url: receiver.url,
    });
    const theirs = await listDeliveries(t, other, { reference });
    expect(theirs.map((d) => d.id)).toEqual([foreign.id]);

    const everything = await listDeliveries(t, tenant, { limit: 100 });
    expect(everything.length).toBeGreaterThan(2);
    expect(everything.map((d) => d.id)).not.toContain(foreign.id);
    const failed = await listDeliveries(t, tenant, { status: 'failed', limit: 100 });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((d) => d.status === 'failed')).toBe(true);
    await expect(listDeliveries(t, tenant, { limit: 1 })).resolves.toHaveLength(1);
  });

  it('refuses bad listing queries with Zod-style issues, and calls without the app secret', async () => {
    for (const query of [
      { status: 'lost' },
      { limit: 0 },
      { limit: 101 },
      { limit: 'many' },
      { reference: 'a\u0000b' },
    ]) {
      const response = await t.http().get('/api/v2/webhooks/deliveries').query(query).set(auth(tenant)).expect(400);
      expect(response.body.errors[0].path).toEqual([Object.keys(query)[0]]);
    }
    await t.http().get('/api/v2/webhooks/deliveries').set({ 'x-api-key': tenant.apiKey }).expect(401);
    await t.http().post('/api/v2/webhooks/deliveries/msg_x/redeliver').set({ 'x-api-key': tenant.apiKey }).expect(401);
  });

  it('sends a delivery whose instance died once its lease runs out, and leaves a live lease alone', async () => {
    const orphan = newReference('orphan');
    const held = newReference('held');
    const webhooks = t.app.get(WebhooksService);
    const now = Date.now();
    await new UnitOfWork(t.app.get(DataSource)).run(async () => {
      const manager = new UnitOfWork(t.app.get(DataSource)).manager;
      const common = {
        appId: tenant.appId,
        url: receiver.url,
        type: 'signing.completed' as const,
        flowId: 'req_x',
        data: {},
      };
      const dead = await webhooks.enqueue({ ...common, reference: orphan });
      const alive = await webhooks.enqueue({ ...common, reference: held });
      await manager.update(WebhookDelivery, dead.id, {
        status: 'delivering',
        leaseToken: 'crashed',
        leaseExpiresAt: now - 1,
      });
      await manager.update(WebhookDelivery, alive.id, {
        status: 'delivering',
        leaseToken: 'busy',
        leaseExpiresAt: now + 60_000,
      });
    });
    await receiver.waitFor(orphan, 1);
    await deliveryWhen(t, tenant, orphan, (d) => d.status === 'succeeded');
    // Another look, as the next poll would take: the live lease is still left alone.
    t.app.get(WebhookDispatcher).wake();
    await sleep(150);
    expect(receiver.arrivals).not.toContain(held);
    await expect(deliveryWhen(t, tenant, held, () => true)).resolves.toMatchObject({
      status: 'delivering',
      attempts: 0,
    });
  });

  it('refuses a receiver on a private address when ALLOW_PRIVATE_URLS is off, and says why', async () => {
    const guarded = await createTestApp({ env: { ALLOW_INSECURE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '60' } });
    try {
      const guardedTenant = await createTenant(guarded.app);
      const reference = newReference('private');
      await enqueue(guarded, { appId: guardedTenant.appId, url: receiver.url, reference });
      const listed = await deliveryWhen(guarded, guardedTenant, reference, (d) => d.attempts === 1);
      expect(listed).toMatchObject({ status: 'pending', lastStatusCode: null });
      expect(listed.lastError).toBe('127.0.0.1 is a loopback address, which idflow does not call');
      expect(receiver.arrivals).not.toContain(reference);
    } finally {
      await guarded.close();
    }
  });
});

describe(`webhooks across a restart on ${dialect}`, () => {
  it('finishes the send in flight on shutdown, and the next instance sends what was still pending', async () => {
    const receiver = await WebhookReceiver.start();
    const deadPort = await freePort();
    const first = await createTestApp({ env: { ...LOCAL_RECEIVERS, WEBHOOK_RETRY_SCHEDULE: '0.4,0.4,0.4,0.4' } });
    const tenant = await createTenant(first.app);
    const inFlight = newReference('in-flight');
    const stranded = newReference('stranded');
    // Slow enough that the delivery is still seen in flight by a listing on a loaded machine (400 ms was missed in CI).
    receiver.answer(inFlight, () => ({ status: 204, delayMs: 2000 }));

    await enqueue(first, { appId: tenant.appId, url: `http://127.0.0.1:${deadPort}/hooks`, reference: stranded });
    await enqueue(first, { appId: tenant.appId, url: receiver.url, reference: inFlight });
    await deliveryWhen(first, tenant, stranded, (d) => d.attempts === 1 && d.status === 'pending');
    await deliveryWhen(first, tenant, inFlight, (d) => d.status === 'delivering');
    await first.close();
    // Shutdown waited for the answer in flight.
    expect(receiver.hitsFor(inFlight)).toHaveLength(1);

    const revived = await WebhookReceiver.start(deadPort);
    const database = { DATABASE_PATH: first.config.DATABASE_PATH, DATABASE_SCHEMA: first.config.DATABASE_SCHEMA ?? '' };
    const second = await createTestApp({ env: { ...LOCAL_RECEIVERS, ...database } });
    try {
      const [hit] = await revived.waitFor(stranded, 1, 3000);
      expect(verify(tenant, hit)).toEqual(hit.json);
      const sent = await deliveryWhen(second, tenant, stranded, (d) => d.status === 'succeeded');
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      await expect(deliveryWhen(second, tenant, inFlight, (d) => d.status === 'succeeded')).resolves.toMatchObject({
        attempts: 1,
      });
      expect(receiver.hitsFor(inFlight)).toHaveLength(1);
    } finally {
      await second.close();
      await receiver.close();
      await revived.close();
    }
  });
});

const describePostgres = process.env.DATABASE_URL ? describe : describe.skip;

describePostgres('webhooks from two instances sharing PostgreSQL', () => {
  it('sends each of many queued deliveries exactly once', async () => {
    const receiver = await WebhookReceiver.start();
    const one = await createTestApp({ env: LOCAL_RECEIVERS });
    const two = await createTestApp({
      env: { ...LOCAL_RECEIVERS, DATABASE_SCHEMA: one.config.DATABASE_SCHEMA as string },
    });
    try {
      const tenant = await createTenant(one.app);
      const reference = newReference('crowd');
      receiver.answer(reference, () => ({ status: 204, delayMs: 20 }));
      const perInstance = 30;
      const enqueueMany = (t: TestApp) =>
        new UnitOfWork(t.app.get(DataSource)).run(async () => {
          const webhooks = t.app.get(WebhooksService);
          for (let i = 0; i < perInstance; i++) {
            await webhooks.enqueue({
              appId: tenant.appId,
              url: receiver.url,
              type: 'document.signee.signed',
              reference,
              flowId: `doc_${randomBase62(40)}`,
              data: { index: i },
            });
          }
        });
      await Promise.all([enqueueMany(one), enqueueMany(two)]);

      await receiver.waitFor(reference, 2 * perInstance, 10_000);
      await sleep(1200);
      const hitsById = new Map<string, number>();
      for (const hit of receiver.hitsFor(reference)) hitsById.set(hit.id, (hitsById.get(hit.id) ?? 0) + 1);
      expect(hitsById.size).toBe(2 * perInstance);
      expect([...hitsById.values()].every((count) => count === 1)).toBe(true);
      const listed = await listDeliveries(one, tenant, { reference, limit: 100 });
      expect(listed).toHaveLength(2 * perInstance);
      expect(listed.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    } finally {
      await one.close();
      await two.close();
      await receiver.close();
    }
  });
});
