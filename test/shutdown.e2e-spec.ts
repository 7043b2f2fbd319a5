import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { JsonBody } from './support/json-body';
import { ServiceProcess, startService } from './support/service-process';
import { SseClient } from './support/sse-client';
import { WebhookReceiver } from './support/webhook-receiver';

const ADMIN_TOKEN = 'shutdown-test-admin-token-0123';
const STREAMS = 100;
const HELD_POLLS = 20;
const GRACE_SECONDS = 10;

/** One HTTP call to the service as an integrator would make it. */
async function call(
  service: ServiceProcess,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: object,
) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: JsonBody } };
}

describe('shutting down with streams, held polls and pending work open', () => {
  it(`exits within ${GRACE_SECONDS} s of SIGTERM, ends every stream and answers every poll, and loses no usage or webhook`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idflow-shutdown-'));
    const receiver = await WebhookReceiver.start();
    // The webhook answers slowly: its send is still in flight when the signal comes.
    receiver.answer('late-webhook', () => ({ status: 204, delayMs: 1500 }));
    const service = await startService({
      ADMIN_TOKEN,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      POLL_HOLD_SECONDS: '300',
      RATE_LIMIT_PER_MINUTE: '100000',
      STREAMS_PER_CLIENT_IP: '1000',
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
    });
    try {
      const sandbox = (
        await call(service, 'POST', '/admin/sandbox/bootstrap', { authorization: `Bearer ${ADMIN_TOKEN}` })
      ).body.data as unknown as { apiKey: string; appSecret: string; testPersons: Array<{ nin: string }> };
      const keySecret = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
      const login = { action: 'login', claims: ['naming.name'], payload: 'Log in' };
      const flows: string[] = [];
      for (let index = 0; index < STREAMS; index++) {
        flows.push(
          (await call(service, 'POST', '/api/v2/identification/same-device', keySecret, login)).body.data.request.id,
        );
      }
      const streams = await Promise.all(
        flows.map((id) => SseClient.open(`${service.baseUrl}/api/v2/flow/sse?request=${id}`, keySecret)),
      );
      await Promise.all(streams.map((stream) => stream.waitFor(1)));
      const token = (await call(service, 'GET', '/api/v1/flow/authorize', keySecret)).body.data.token as string;
      const polls = flows
        .slice(0, HELD_POLLS)
        .map((id) =>
          call(
            service,
            'POST',
            '/api/v2/flow/polling',
            { 'x-api-key': sandbox.apiKey, 'x-access-token': token },
            { request: id },
          ),
        );
      const nin = sandbox.testPersons[0].nin;
      const signing = await call(service, 'POST', '/api/v2/signing/different-device', keySecret, {
        action: 'sign',
        nin,
        payload: 'Sign before the shutdown',
        webhook: { host: receiver.url, reference: 'late-webhook' },
      });
      await call(service, 'POST', `/api/v2/sandbox/flows/${signing.body.data.request.id}/approve`, keySecret, { nin });
      while (!receiver.arrivals.includes('late-webhook')) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 200));

      const signalledAt = performance.now();
      const exited = service.exited;
      process.kill(service.pid, 'SIGTERM');
      await exited;
      expect(performance.now() - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);

      for (const stream of streams) {
        await stream.ended;
        expect(stream.events[stream.events.length - 1]).toMatchObject({ event: 'shutdown', data: { reconnect: true } });
      }
      for (const poll of await Promise.all(polls)) {
        expect(poll).toMatchObject({ status: 200, body: { data: { request: { status: 'pending' } } } });
      }
      expect(service.output()).toMatch(/Ending open event streams/);
      expect(service.output()).toMatch(/Answering held polls with the current state/);

      const db = new Database(join(dataDir, 'idflow.sqlite'), { readonly: true });
      const usage = db.prepare('SELECT route, SUM(calls) AS calls FROM usage_records GROUP BY route').all() as Array<{
        route: string;
        calls: number;
      }>;
      const callsTo = (route: string) => usage.find((row) => row.route === route)?.calls;
      expect(callsTo('GET /api/v2/flow/sse')).toBe(STREAMS);
      expect(callsTo('POST /api/v2/flow/polling')).toBe(HELD_POLLS);
      expect(callsTo('POST /api/v2/identification/same-device')).toBe(STREAMS);
      const webhook = db.prepare('SELECT status FROM webhook_deliveries').all() as Array<{ status: string }>;
      db.close();
      // Sent before the process went, or still pending for the next instance: never lost.
      expect(webhook).toHaveLength(1);
      expect(['succeeded', 'pending']).toContain(webhook[0].status);
    } finally {
      await service.stop().catch(() => undefined);
      await receiver.close();
    }
  }, 120_000);
});
