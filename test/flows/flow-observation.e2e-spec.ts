import { FlowEventBus } from '../../src/flows/events/flow-event-bus';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { FLOW_EXPIRY_PASS } from '../../src/flows/flow-expiry.sweeper';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { createTenant } from '../support/tenant-factory';

const view = (event: { data: unknown }) => (event.data as { data: { request: { status: string } } }).data.request;

describe('observing flows: SSE and the legacy held connection', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { POLL_HOLD_SECONDS: '1' } });
    sandbox = await bootstrapSandbox(t.app);
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    const grant = await t.http().get('/api/v1/flow/authorize').set(credentials(sandbox)).expect(200);
    token = grant.body.data.token;
  });
  afterAll(() => t.close());

  const integrator = () => new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  const newFlow = async () => (await integrator().start('same-device', SAME_DEVICE_LOGIN)).id;
  const simulate = (id: string, outcome: 'approve' | 'reject') => integrator().simulate(outcome, id).expect(201);
  const stream = (id: string, headers: Record<string, string> = { 'x-api-key': sandbox.apiKey }) =>
    SseClient.open(`${baseUrl}/api/v2/flow/sse?request=${id}`, headers);

  describe('SSE', () => {
    it('sends the ping envelope at once, the terminal event within 500 ms of the approval, then closes', async () => {
      const id = await newFlow();
      const opened = performance.now();
      const client = await stream(id);
      expect(client.status).toBe(200);
      const first = await client.waitFor(1);
      expect(first.at - opened).toBeLessThan(500);
      expect(first.data).toMatchObject({ status: 'successful', reason: 'Flow state', version: 'v2' });
      expect(view(first)).toMatchObject({ id, status: 'pending' });

      await simulate(id, 'approve');
      const approvedAt = performance.now();
      await client.ended;
      const last = client.events[client.events.length - 1];
      expect(view(last)).toMatchObject({ status: 'completed', claims: expect.any(Object) });
      expect(last.at - approvedAt).toBeLessThan(500);
    });

    it('repeats the current state at least every 2 seconds', async () => {
      const client = await stream(await newFlow());
      await client.waitFor(1);
      const second = await client.waitFor(2, 3000);
      expect(second.at - client.events[0].at).toBeGreaterThan(1500);
      expect(second.at - client.events[0].at).toBeLessThan(2600);
      client.close();
    });

    it('accepts the optional secret and refuses a wrong one', async () => {
      const id = await newFlow();
      const good = await stream(id, credentials(sandbox));
      expect(good.status).toBe(200);
      good.close();
      const bad = await stream(id, { 'x-api-key': sandbox.apiKey, 'x-access-secret': 'snb_wrong' });
      expect(bad.status).toBe(401);
    });

    it("answers 404 before any stream for an unknown flow and for another app's flow", async () => {
      const unknown = await stream('req_doesnotexist000000000000');
      await unknown.ended;
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toEqual({ status: 'failed', reason: 'No such flow', version: 'v2' });

      const other = await createTenant(t.app);
      const foreign = await stream(await newFlow(), { 'x-api-key': other.apiKey });
      await foreign.ended;
      expect(foreign.status).toBe(404);
      expect(JSON.parse(foreign.body)).toEqual({ status: 'failed', reason: 'No such flow', version: 'v2' });
    });

    it('releases what the stream held when the client goes away', async () => {
      const bus = t.app.get(FlowEventBus);
      const before = bus.listenerCount();
      const client = await stream(await newFlow());
      await client.waitFor(1);
      expect(bus.listenerCount()).toBe(before + 1);
      client.close();
      await client.ended;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(bus.listenerCount()).toBe(before);
    });

    it('ends with the expired state when the sweeper expires the flow', async () => {
      const id = await newFlow();
      const client = await stream(id);
      await client.waitFor(1);
      const realNow = Date.now.bind(Date);
      const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 301_000);
      try {
        await expect(t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS)).resolves.toBeGreaterThanOrEqual(1);
        await client.ended;
      } finally {
        clock.mockRestore();
      }
      expect(view(client.events[client.events.length - 1])).toMatchObject({ status: 'expired', cancelled: true });
    });
  });

  describe('legacy polling', () => {
    const poll = (id: string, version: 'v1' | 'v2' = 'v2') =>
      t
        .http()
        .post(`/api/${version}/flow/polling`)
        .set({ 'x-api-key': sandbox.apiKey, 'x-access-token': token })
        .send({ request: id });

    it('holds the connection and answers within 500 ms of the flow ending', async () => {
      const id = await newFlow();
      const held = poll(id).then((response) => ({ response, at: performance.now() }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await simulate(id, 'reject');
      const rejectedAt = performance.now();
      const { response, at } = await held;
      expect(response.status).toBe(200);
      expect(response.body.data.request).toMatchObject({ id, status: 'rejected', cancelled: true });
      expect(at - rejectedAt).toBeLessThan(500);
    });

    it('answers with the unchanged state after the hold time', async () => {
      const started = performance.now();
      const response = await poll(await newFlow(), 'v1').expect(200);
      const held = performance.now() - started;
      expect(response.body).toMatchObject({ version: 'v1', data: { request: { status: 'pending' } } });
      expect(held).toBeGreaterThanOrEqual(950);
      expect(held).toBeLessThan(2500);
    });

    it('needs the access token even on v2', async () => {
      const response = await t
        .http()
        .post('/api/v2/flow/polling')
        .set(credentials(sandbox))
        .send({ request: await newFlow() })
        .expect(401);
      expect(response.body.reason).toMatch(/x-access-token/);
    });
  });
});
