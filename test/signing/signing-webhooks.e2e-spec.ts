import { Webhook } from 'standardwebhooks';
import { randomBase62 } from '../../src/common/ids/random-id';
import type { StartMode } from '../../src/flows/flow-kind';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { FLOW_EXPIRY_PASS } from '../../src/flows/flow-expiry.sweeper';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import type { WebhookDeliveryView } from '../../src/webhooks/webhook-delivery-view';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { freePort } from '../support/service-process';
import { SigningHolder, simulatedSigner, startSigning, walletSigner } from '../support/signing-flows';
import { TestApp, createTestApp } from '../support/test-app';
import { ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

/** Receivers on 127.0.0.1 over plain http, and retries a second apart. */
const LOCAL_RECEIVERS = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1' };
const RETRY_MS = 1000;
const AFTER_EXPIRY_MS = 301_000;

const MODES: StartMode[] = ['same-device', 'different-device', 'wildcard'];
const OUTCOMES = ['completed', 'rejected', 'cancelled', 'expired'] as const;
type Outcome = (typeof OUTCOMES)[number];

const newReference = (label: string) => `${label}-${randomBase62(8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Verifies a webhook as an integrator would: the standardwebhooks package and the app's `whsec_` secret. */
const verify = (secret: string, hit: ReceivedWebhook) =>
  new Webhook(secret).verify(hit.body, {
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  });

async function listDeliveries(t: TestApp, integrator: IntegratorClient, query: Record<string, string | number>) {
  const response = await t.http().get('/api/v2/webhooks/deliveries').query(query).set(integrator.headers());
  expect(response.status).toBe(200);
  return response.body.data.deliveries as WebhookDeliveryView[];
}

/** Re-reads the deliveries of this reference until `done` holds for them; fails after `timeoutMs`. */
async function deliveriesWhen(
  t: TestApp,
  integrator: IntegratorClient,
  reference: string,
  done: (deliveries: WebhookDeliveryView[]) => boolean,
  timeoutMs = 5000,
): Promise<WebhookDeliveryView[]> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const deliveries = await listDeliveries(t, integrator, { reference });
    if (done(deliveries)) return deliveries;
    if (performance.now() > deadline) throw new Error(`deliveries for ${reference}: ${JSON.stringify(deliveries)}`);
    await sleep(25);
  }
}

const settled = (deliveries: WebhookDeliveryView[]) =>
  deliveries.length > 0 && deliveries.every((d) => d.status === 'succeeded' || d.status === 'failed');

/** Moves the clock past the flow's expiry and runs the sweeper, as the sweeper's timer would. */
async function expireFlows(t: TestApp): Promise<void> {
  const realNow = Date.now.bind(Date);
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + AFTER_EXPIRY_MS);
  await t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS);
}

describe(`signing webhooks on ${dialect}`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let simulator: SigningHolder;
  let wallet: SigningHolder;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({ env: LOCAL_RECEIVERS });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    simulator = simulatedSigner(integrator, sandbox.testPersons[1].nin);
    const phoneOwner = sandbox.testPersons[0].nin;
    wallet = walletSigner(t.http, await enrolledDevice(t.app, t.http, phoneOwner), phoneOwner);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const bodyFor = (mode: StartMode, action: 'sign' | 'confirm', nin: string, reference?: string) => ({
    action,
    payload: `${action} in ${mode}, ${reference ?? 'no webhook'}`,
    ...(mode === 'wildcard' ? { seeds: 2 } : { nin }),
    ...(reference ? { webhook: { host: receiver.url, reference } } : {}),
  });

  /** Brings a picked-up flow to `outcome`; an expired flow is left with the clock still moved (see below). */
  async function end(holder: SigningHolder, flowId: string, outcome: Outcome): Promise<void> {
    const answers = {
      completed: () => holder.sign(flowId),
      rejected: () => holder.decline(flowId),
      cancelled: () => integrator.cancel(flowId),
      expired: async () => {
        await expireFlows(t);
        return null;
      },
    };
    const answer = await answers[outcome]();
    if (answer) expect(answer.status).toBe(201);
  }

  async function expectSigningEvent(flowId: string, reference: string, outcome: Outcome): Promise<void> {
    // The clock stays moved for an expired flow until its webhook is in, so the delivery queued "now" is due.
    const [hit] = await receiver.waitFor(reference, 1);
    jest.restoreAllMocks();
    const view = await integrator.view(flowId);
    expect(view.status).toBe(outcome);

    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['webhook-id']).toMatch(/^msg_[0-9A-Za-z]+$/);
    expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(sandbox.webhookSecret, hit)).toEqual(hit.json);
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, hit)).toThrow();

    expect(Object.keys(hit.json).sort()).toEqual(['data', 'flow', 'id', 'reference', 'timestamp', 'type']);
    expect(hit.json).toEqual({
      type: `signing.${outcome}`,
      id: hit.headers['webhook-id'],
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reference,
      flow: flowId,
      // The flow as ping shows it once it ended: for a completed flow, the receipt and when it was signed.
      data: { request: view },
    });
    if (outcome === 'completed') {
      expect(view).toMatchObject({ signature: expect.any(String), signedAt: expect.any(Number) });
    } else expect(view).toMatchObject({ cancelled: true });

    const [delivery, ...more] = await deliveriesWhen(t, integrator, reference, settled);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      id: hit.json.id,
      type: `signing.${outcome}`,
      reference,
      flow: flowId,
      url: receiver.url,
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(receiver.hitsFor(reference)).toHaveLength(1);
  }

  describe.each(MODES)('a %s sign flow', (mode) => {
    it.each(OUTCOMES)('reports %s to its webhook, once, signed with the app secret', async (outcome) => {
      const reference = newReference(`${mode}-${outcome}`);
      const flow = await startSigning(integrator, mode, bodyFor(mode, 'sign', simulator.nin, reference));
      expect((await simulator.pickUp(flow)).status).toBe(201);
      expect(receiver.arrivals).not.toContain(reference);
      await end(simulator, flow.id, outcome);
      await expectSigningEvent(flow.id, reference, outcome);
    });
  });

  it('reports a signature made on a phone through the Wallet API', async () => {
    const reference = newReference('phone');
    const flow = await startSigning(
      integrator,
      'different-device',
      bodyFor('different-device', 'sign', wallet.nin, reference),
    );
    expect((await wallet.sign(flow.id)).status).toBe(201);
    await expectSigningEvent(flow.id, reference, 'completed');
  });

  it('racing ends (the phone, the simulator and a cancel at once): one wins, and one webhook tells of it', async () => {
    // The phone and the person's virtual device both hold a digital ID for the same NIN.
    const virtual = simulatedSigner(integrator, wallet.nin);
    for (let round = 0; round < 3; round++) {
      const reference = newReference(`race-${round}`);
      const body = bodyFor('different-device', 'sign', wallet.nin, reference);
      const flow = await startSigning(integrator, 'different-device', body);
      const answers = await Promise.all([wallet.sign(flow.id), virtual.sign(flow.id), integrator.cancel(flow.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
      const view = await integrator.view(flow.id);
      const [hit] = await receiver.waitFor(reference, 1);
      expect(hit.json).toMatchObject({ type: `signing.${view.status}`, data: { request: view } });
      const deliveries = await deliveriesWhen(t, integrator, reference, settled);
      expect(deliveries).toHaveLength(1);
      expect(receiver.hitsFor(reference)).toHaveLength(1);
    }
  });

  it('an expiry found by the sweeper and by readers at once is reported once', async () => {
    const reference = newReference('expiry-race');
    const flow = await startSigning(integrator, 'same-device', bodyFor('same-device', 'sign', wallet.nin, reference));
    expect((await wallet.pickUp(flow)).status).toBe(201);
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + AFTER_EXPIRY_MS);
    const [, ...reads] = await Promise.all([
      t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS),
      integrator.ping(flow.id),
      integrator.ping(flow.id),
      wallet.sign(flow.id),
    ]);
    expect(reads.map((read) => read.status)).toEqual([200, 200, 409]);
    await expectSigningEvent(flow.id, reference, 'expired');
  });

  it('sends nothing for confirm flows, whatever their end', async () => {
    const flowIds: string[] = [];
    for (const mode of MODES) {
      for (const outcome of OUTCOMES) {
        const flow = await startSigning(integrator, mode, bodyFor(mode, 'confirm', simulator.nin));
        flowIds.push(flow.id);
        expect((await simulator.pickUp(flow)).status).toBe(201);
        await end(simulator, flow.id, outcome);
        jest.restoreAllMocks();
        expect((await integrator.view(flow.id)).status).toBe(outcome);
      }
    }
    // A delivery is written in the transaction that ends the flow: none now means none ever.
    const deliveries = await listDeliveries(t, integrator, { limit: 100 });
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.filter((delivery) => flowIds.includes(delivery.flow))).toEqual([]);
    expect(receiver.received.filter((hit) => flowIds.includes(hit.json.flow))).toEqual([]);
  });

  it('retries a receiver that fails twice, which then gets exactly one successful delivery', async () => {
    const reference = newReference('flaky');
    receiver.answer(reference, (earlier) => (earlier < 2 ? { status: 500, body: 'try again later' } : { status: 200 }));
    const flow = await startSigning(
      integrator,
      'different-device',
      bodyFor('different-device', 'sign', simulator.nin, reference),
    );
    expect((await simulator.sign(flow.id)).status).toBe(201);

    const hits = await receiver.waitFor(reference, 3, 3 * RETRY_MS + 3000);
    expect(hits.map((hit) => hit.answered)).toEqual([500, 500, 200]);
    expect(new Set(hits.map((hit) => hit.id)).size).toBe(1);
    // Each attempt waits its turn on the schedule, and is signed afresh over the same body.
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(RETRY_MS - 50);
    expect(hits[2].at - hits[1].at).toBeGreaterThanOrEqual(RETRY_MS - 50);
    for (const hit of hits) expect(verify(sandbox.webhookSecret, hit)).toEqual(hits[0].json);
    expect(hits[0].json).toMatchObject({ type: 'signing.completed', flow: flow.id, reference });

    const [delivery, ...more] = await deliveriesWhen(t, integrator, reference, settled);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      id: hits[0].id,
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(receiver.hitsFor(reference).filter((hit) => hit.answered === 200)).toHaveLength(1);
  });
});

describe(`signing webhooks across a restart on ${dialect}`, () => {
  it('delivers the webhook of a flow completed while the receiver was down, once a new instance starts', async () => {
    const deadPort = await freePort();
    const hookUrl = `http://127.0.0.1:${deadPort}/hooks`;
    const first = await createTestApp({ env: LOCAL_RECEIVERS });
    const sandbox = await bootstrapSandbox(first.app);
    const reference = newReference('restart');
    const nin = sandbox.testPersons[0].nin;
    const credentials = { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret };
    const payload = 'Pay 120.00 EUR to Acme Shop, order 1042';
    const flow = await startSigning(new IntegratorClient(first.http, credentials), 'different-device', {
      action: 'sign',
      nin,
      payload,
      webhook: { host: hookUrl, reference },
    });
    const approved = await new IntegratorClient(first.http, credentials).simulate('approve', flow.id, { nin });
    expect(approved.status).toBe(201);
    const receipt = approved.body.data.request.signature as string;
    // The first attempt found nobody listening; the retry is left to whichever instance runs next.
    const [failed] = await deliveriesWhen(first, new IntegratorClient(first.http, credentials), reference, ([d]) =>
      Boolean(d?.attempts),
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    await first.close();

    const receiver = await WebhookReceiver.start(deadPort);
    const database = { DATABASE_PATH: first.config.DATABASE_PATH, DATABASE_SCHEMA: first.config.DATABASE_SCHEMA ?? '' };
    const second = await createTestApp({ env: { ...LOCAL_RECEIVERS, ...database } });
    try {
      const integrator = new IntegratorClient(second.http, credentials);
      const [hit] = await receiver.waitFor(reference, 1, 5000);
      expect(verify(sandbox.webhookSecret, hit)).toEqual(hit.json);
      expect(hit.json).toMatchObject({
        type: 'signing.completed',
        reference,
        flow: flow.id,
        data: { request: { id: flow.id, status: 'completed', signature: receipt } },
      });
      const [delivery] = await deliveriesWhen(second, integrator, reference, settled);
      expect(delivery).toMatchObject({ id: hit.id, status: 'succeeded', lastStatusCode: 204 });
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
      expect(receiver.hitsFor(reference)).toHaveLength(1);
      expect(await integrator.view(flow.id)).toMatchObject({ status: 'completed', signature: receipt });
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});
