import request from 'supertest';
import { DEFAULT_SCOPES } from '../../src/tenants/scopes';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { onFreePort } from '../support/service-process';
import { SseClient } from '../support/sse-client';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const METRICS_TOKEN = 'metrics-token-for-the-e2e-suite';
const RATE_LIMIT = 5;

/** The value of one series in Prometheus text: `name{labels} value`, labels in any order; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe(`metrics on ${dialect}`, () => {
  describe('on the main port, behind METRICS_TOKEN', () => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    let sandbox: SandboxBootstrap;
    let integrator: IntegratorClient;

    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      t = await createTestApp({
        env: {
          METRICS_TOKEN,
          RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
          FREE_MONTHLY_ALLOWANCE: '0',
          ALLOW_PRIVATE_URLS: 'true',
          ALLOW_INSECURE_URLS: 'true',
          WEBHOOK_RETRY_SCHEDULE: '1,1',
        },
      });
      await t.app.listen(0, '127.0.0.1');
      sandbox = await bootstrapSandbox(t.app);
      integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    const scrape = async (): Promise<string> => {
      const response = await t.http().get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
      return response.text;
    };

    it('answers 401 without the token, with a wrong one, or with one not sent as a bearer token', async () => {
      const missing = await t.http().get('/metrics').expect(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="idflow-metrics"');
      expect(missing.body).toMatchObject({ status: 'failed', reason: expect.stringContaining('METRICS_TOKEN') });
      await t.http().get('/metrics').set('authorization', 'Bearer not-the-metrics-token').expect(401);
      await t.http().get('/metrics').set('authorization', METRICS_TOKEN).expect(401);
    });

    it("serves Node's process series beside idflow's own", async () => {
      const text = await scrape();
      expect(text).toContain('# TYPE idflow_process_cpu_user_seconds_total counter');
      expect(text).toContain('# TYPE idflow_nodejs_eventloop_lag_seconds gauge');
      expect(text).toContain('# TYPE idflow_http_request_duration_seconds histogram');
    });

    it('counts requests by route template and status, unrouted ones apart', async () => {
      const route = { method: 'POST', route: '/api/v2/identification/same-device', status: '201' };
      const unmatched = { method: 'GET', route: '(unmatched)', status: '404' };
      const before = await scrape();
      const { id } = await integrator.start('same-device', SAME_DEVICE_LOGIN);
      await t.http().get(`/no/such/route/${id}`).expect(404);
      const after = await scrape();
      const count = 'idflow_http_request_duration_seconds_count';
      expect(sample(after, count, route) - sample(before, count, route)).toBe(1);
      expect(sample(after, count, unmatched) - sample(before, count, unmatched)).toBe(1);
      expect(after).not.toContain(id);
    });

    it('counts flows created and ended by kind, mode and end state, and changes carried by the event bus', async () => {
      const created = { kind: 'identification', mode: 'same-device' };
      const cancelled = { ...created, status: 'cancelled' };
      const before = await scrape();
      const { id } = await integrator.start('same-device', SAME_DEVICE_LOGIN);
      await integrator.cancel(id).expect(201);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await scrape();
      expect(
        sample(after, 'idflow_flows_created_total', created) - sample(before, 'idflow_flows_created_total', created),
      ).toBe(1);
      expect(
        sample(after, 'idflow_flows_ended_total', cancelled) - sample(before, 'idflow_flows_ended_total', cancelled),
      ).toBe(1);
      const lag = 'idflow_event_bus_lag_seconds_count';
      expect(sample(after, lag)).toBeGreaterThan(sample(before, lag));
    });

    it('shows open streams and held polls while they are open', async () => {
      const { id } = await integrator.start('same-device', SAME_DEVICE_LOGIN);
      const stream = await SseClient.open(`${await t.app.getUrl()}/api/v2/flow/sse?request=${id}`, {
        ...integrator.headers(),
        'x-real-ip': randomClientIp(),
      });
      await stream.waitFor(1);
      const token = await integrator.authorize();
      const poll = t
        .http()
        .post('/api/v2/flow/polling')
        .set({ 'x-api-key': sandbox.apiKey, 'x-access-token': token })
        .send({ request: id })
        .then((response) => response);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const during = await scrape();
      expect(sample(during, 'idflow_sse_streams_open')).toBe(1);
      expect(sample(during, 'idflow_held_polls')).toBe(1);
      await integrator.cancel(id).expect(201);
      await stream.ended;
      expect((await poll).status).toBe(200);
      const afterwards = await scrape();
      expect(sample(afterwards, 'idflow_sse_streams_open')).toBe(0);
      expect(sample(afterwards, 'idflow_held_polls')).toBe(0);
    });

    it('counts webhook attempts by outcome and how long each waited', async () => {
      receiver.answer('metrics-retry', (earlier) => ({ status: earlier === 0 ? 500 : 204 }));
      const before = await scrape();
      const created = await integrator.post('/api/v2/signing/wildcard', {
        action: 'sign',
        payload: 'Sign for the metrics',
        seeds: 1,
        webhook: { host: receiver.url, reference: 'metrics-retry' },
      });
      expect(created.status).toBe(201);
      await integrator.cancel(created.body.data.request.id).expect(201);
      await receiver.waitFor('metrics-retry', 2, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await scrape();
      const attempts = (outcome: string) =>
        sample(after, 'idflow_webhook_attempts_total', { outcome }) -
        sample(before, 'idflow_webhook_attempts_total', { outcome });
      expect(attempts('retrying')).toBe(1);
      expect(attempts('succeeded')).toBe(1);
      const waited = 'idflow_webhook_queue_wait_seconds_count';
      expect(sample(after, waited) - sample(before, waited)).toBe(2);
      expect(after).toMatch(/^idflow_webhook_backlog \d+$/m);
      expect(after).toMatch(/^idflow_webhook_backlog_age_seconds [\d.e+-]+$/m);
    });

    it('counts billing refusals by category and rate-limit refusals', async () => {
      const live = await createTenant(t.app, { environment: 'production', scopes: DEFAULT_SCOPES });
      const liveClient = new IntegratorClient(t.http, { apiKey: live.apiKey, appSecret: live.appSecret });
      const before = await scrape();
      await liveClient.create('same-device', SAME_DEVICE_LOGIN).expect(402);
      const ip = randomClientIp();
      const server = t.app.getHttpServer();
      const statuses = [];
      for (let sent = 0; sent <= RATE_LIMIT; sent += 1) {
        statuses.push((await request(server).get('/nothing-here').set('x-real-ip', ip)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      const after = await scrape();
      const refusals = { category: 'authentication' };
      expect(
        sample(after, 'idflow_billing_refusals_total', refusals) -
          sample(before, 'idflow_billing_refusals_total', refusals),
      ).toBe(1);
      expect(
        sample(after, 'idflow_rate_limit_refusals_total') - sample(before, 'idflow_rate_limit_refusals_total'),
      ).toBe(1);
    });

    const onPostgres = process.env.DATABASE_URL ? it : it.skip;
    onPostgres('shows the PostgreSQL pool', async () => {
      const text = await scrape();
      expect(sample(text, 'idflow_db_pool_connections')).toBeGreaterThan(0);
      expect(text).toMatch(/^idflow_db_pool_waiting \d+$/m);
    });
  });

  it('is off, with a 404 that says how to turn it on, when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await createTestApp();
    try {
      const response = await t.http().get('/metrics').expect(404);
      expect(response.body.reason).toMatch(/METRICS_TOKEN/);
    } finally {
      await t.close();
    }
  });

  describe('on METRICS_PORT', () => {
    const onMetricsPort = (env: Record<string, string>) =>
      onFreePort(async (port) => ({ t: await createTestApp({ env: { METRICS_PORT: String(port), ...env } }), port }));

    it('serves the metrics there without a token, and not on the main port', async () => {
      const { t, port } = await onMetricsPort({});
      try {
        const response = await t.http().get('/metrics').expect(404);
        expect(response.body.reason).toMatch(/METRICS_PORT/);
        const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(scraped.status).toBe(200);
        expect(await scraped.text()).toContain('# TYPE idflow_flows_created_total counter');
        expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      } finally {
        await t.close();
      }
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });

    it('asks for METRICS_TOKEN there too when it is set', async () => {
      const { t, port } = await onMetricsPort({ METRICS_TOKEN });
      try {
        const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(refused.status).toBe(401);
        expect(await refused.text()).not.toContain(METRICS_TOKEN);
        const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(scraped.status).toBe(200);
      } finally {
        await t.close();
      }
    });
  });
});
