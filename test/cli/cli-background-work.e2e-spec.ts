import { randomBase62 } from '../../src/common/ids/random-id';
import { DataSource } from 'typeorm';
import { Flow } from '../../src/flows/flow.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { WebhookDelivery } from '../../src/webhooks/webhook-delivery.entity';
import { IntegratorClient } from '../support/integrator-client';
import { runCli, unexpectedLogLines } from '../support/operator-cli';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { startSigning, walletSigner } from '../support/signing-flows';
import { TestApp, createTestApp } from '../support/test-app';
import { eventually, pause } from '../support/waiting';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
/** Receivers on 127.0.0.1 over plain http: the CLI could reach them too, were it to send anything. */
const LOCAL_RECEIVERS = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };
const SPAWN_TIMEOUT_MS = 60_000;

describe(`the operator CLI runs no background work (${dialect})`, () => {
  let server: TestApp | undefined;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it(
    'sends no webhook, not even a retry already due, and expires no flow; a server then does both',
    async () => {
      // The first server sweeps no expiry on its own timer during the test, so the due flow below stays as it is, and
      // retries a failed webhook 2 s later.
      const first = await createTestApp({
        env: { ...LOCAL_RECEIVERS, EXPIRY_SWEEP_SECONDS: '3600', WEBHOOK_RETRY_SCHEDULE: '2,2' },
      });
      server = first;
      const sandbox: SandboxBootstrap = await bootstrapSandbox(first.app);
      const integrator = new IntegratorClient(first.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
      const nin = sandbox.testPersons[0].nin;
      const phone = await enrolledDevice(first.app, first.http, nin);
      const start = (reference: string) =>
        startSigning(integrator, 'different-device', {
          action: 'sign',
          payload: `a contract, ${reference}`,
          nin,
          webhook: { host: receiver.url, reference },
        });
      const heldReference = `held-${randomBase62(8)}`;
      const held = await start(heldReference);
      expect((await walletSigner(first.http, phone, nin).pickUp(held)).status).toBe(201);
      const dueReference = `due-${randomBase62(8)}`;
      const due = await start(dueReference);
      const flows = () => first.app.get(DataSource).getRepository(Flow);
      await flows().update({ id: due.id }, { expiresAt: Date.now() - 1000 });
      // A cancelled flow whose webhook the receiver refuses once: its retry falls due while no server runs.
      const retriedReference = `retried-${randomBase62(8)}`;
      receiver.answer(retriedReference, (earlier) => ({ status: earlier === 0 ? 500 : 204 }));
      const retried = await start(retriedReference);
      expect((await integrator.cancel(retried.id)).status).toBe(201);
      const deliveryOf = (rows: DataSource, flowId: string) =>
        rows.getRepository(WebhookDelivery).findOneByOrFail({ flowId });
      await eventually(
        'the first attempt recorded',
        async () => (await deliveryOf(first.app.get(DataSource), retried.id)).attempts === 1,
        5000,
      );
      const { nextAttemptAt } = await deliveryOf(first.app.get(DataSource), retried.id);
      const config = first.config;
      await first.close();
      server = undefined;
      await pause(Math.max(0, (nextAttemptAt as number) - Date.now()) + 100);

      // A CLI that ran the service's background work would send the retry now due, and with the sweep a second apart
      // might expire the due flow too. Revoking the phone cancels the flow it holds and queues signing.cancelled.
      const run = await runCli(config, ['device:revoke', '--device', String(phone.id), '--json'], 'node', {
        ...LOCAL_RECEIVERS,
        EXPIRY_SWEEP_SECONDS: '1',
      });
      expect({ code: run.code, logged: unexpectedLogLines(run) }).toEqual({ code: 0, logged: [] });
      expect(JSON.parse(run.stdout)).toMatchObject({ id: phone.id, revokedAt: expect.any(Number) });
      expect(receiver.hitsFor(retriedReference)).toHaveLength(1);
      expect(receiver.hitsFor(heldReference)).toEqual([]);
      expect(receiver.hitsFor(dueReference)).toEqual([]);

      // A server on the same database sends what the CLI queued and expires what is due.
      const second = await createTestApp({
        env: {
          ...LOCAL_RECEIVERS,
          EXPIRY_SWEEP_SECONDS: '1',
          DATA_DIR: config.DATA_DIR,
          DATABASE_PATH: config.DATABASE_PATH,
          ...(config.DATABASE_SCHEMA ? { DATABASE_SCHEMA: config.DATABASE_SCHEMA } : {}),
        },
      });
      server = second;
      const rows = second.app.get(DataSource);
      const cancelled = await rows.getRepository(Flow).findOneByOrFail({ id: held.id });
      expect(cancelled).toMatchObject({ status: 'cancelled', endReason: 'device-revoked' });
      const [cancelHit] = await receiver.waitFor(heldReference, 1);
      expect(cancelHit.json).toMatchObject({ type: 'signing.cancelled', flow: held.id });
      const [expiryHit] = await receiver.waitFor(dueReference, 1);
      expect(expiryHit.json).toMatchObject({ type: 'signing.expired', flow: due.id });
      await receiver.waitFor(retriedReference, 2);
      // Each sent by the server alone: the CLI made no attempt.
      const deliveries = rows.getRepository(WebhookDelivery);
      await eventually(
        'every delivery recorded as sent',
        async () => (await deliveries.countBy({ appId: sandbox.appId, status: 'succeeded' })) === 3,
        5000,
      );
      await expect(deliveryOf(rows, retried.id)).resolves.toMatchObject({ attempts: 2 });
      await expect(deliveryOf(rows, held.id)).resolves.toMatchObject({ attempts: 1 });
    },
    SPAWN_TIMEOUT_MS,
  );
});
