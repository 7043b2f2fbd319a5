import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

describeScaledOut('observing flows across two instances sharing PostgreSQL and Redis', () => {
  let watcher: TestApp;
  let approver: TestApp;
  let sandbox: SandboxBootstrap;
  let watcherUrl: string;

  beforeAll(async () => {
    watcher = await createTestApp();
    approver = await createTestApp({ env: { DATABASE_SCHEMA: watcher.config.DATABASE_SCHEMA as string } });
    sandbox = await bootstrapSandbox(watcher.app);
    await watcher.app.listen(0, '127.0.0.1');
    watcherUrl = await watcher.app.getUrl();
  });
  afterAll(async () => {
    await watcher.close();
    await approver.close();
  });

  const integratorOn = (instance: TestApp) =>
    new IntegratorClient(instance.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  const newFlow = async () => (await integratorOn(watcher).start('same-device', SAME_DEVICE_LOGIN)).id;
  const simulateOnApprover = (id: string, outcome: 'approve' | 'reject') =>
    integratorOn(approver).simulate(outcome, id).expect(201);

  it('an approval on one instance ends the SSE stream on the other within 500 ms', async () => {
    const id = await newFlow();
    const client = await SseClient.open(`${watcherUrl}/api/v2/flow/sse?request=${id}`, { 'x-api-key': sandbox.apiKey });
    await client.waitFor(1);
    await simulateOnApprover(id, 'approve');
    const approvedAt = performance.now();
    await client.ended;
    const last = client.events[client.events.length - 1];
    expect((last.data as { data: { request: { status: string } } }).data.request.status).toBe('completed');
    expect(last.at - approvedAt).toBeLessThan(500);
  });

  it('a rejection on one instance answers the held poll on the other within 500 ms', async () => {
    const grant = await watcher.http().get('/api/v1/flow/authorize').set(credentials(sandbox)).expect(200);
    const id = await newFlow();
    const held = watcher
      .http()
      .post('/api/v1/flow/polling')
      .set({ 'x-api-key': sandbox.apiKey, 'x-access-token': grant.body.data.token })
      .send({ request: id })
      .then((response) => ({ response, at: performance.now() }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await simulateOnApprover(id, 'reject');
    const rejectedAt = performance.now();
    const { response, at } = await held;
    expect(response.body.data.request).toMatchObject({ id, status: 'rejected', cancelled: true });
    expect(at - rejectedAt).toBeLessThan(500);
  });
});
