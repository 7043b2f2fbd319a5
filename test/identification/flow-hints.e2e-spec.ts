import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { FLOW_EXPIRY_PASS } from '../../src/flows/flow-expiry.sweeper';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const NO_CLIENT_SECONDS = 1;

describe(`progress hints on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let phone: TestDevice;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { NO_CLIENT_SECONDS: String(NO_CLIENT_SECONDS) } });
    await t.app.listen(0, '127.0.0.1');
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    nin = sandbox.testPersons[0].nin;
    phone = await enrolledDevice(t.app, t.http, nin);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const hint = async (flowId: string) => (await integrator.view(flowId)).hint;
  const pushed = async () =>
    (
      await integrator
        .create('different-device', { action: 'signup', claims: ['naming.name'], payload: 'Log in', user: nin })
        .expect(201)
    ).body.data.request.id as string;

  it('a same-device flow: waiting, held by the phone, shown to the person, completed', async () => {
    const { id, linkCode } = await integrator.start('same-device', SAME_DEVICE_LOGIN);
    expect(await hint(id)).toBe('outstandingTransaction');
    await phone.post(t.http, '/wallet/v1/flows/pick-up', { code: linkCode }).then((r) => expect(r.status).toBe(201));
    expect(await hint(id)).toBe('started');
    await phone.get(t.http, `/wallet/v1/flows/${id}`).then((r) => expect(r.status).toBe(200));
    expect(await hint(id)).toBe('userSign');
    const approved = await phone.post(t.http, `/wallet/v1/flows/${id}/approve`, { claims: ['naming.name'] });
    expect(approved.status).toBe(201);
    expect(await hint(id)).toBe('completed');
  });

  it('a pushed flow no device has fetched says noClient, until the phone fetches it; declined is userCancel', async () => {
    const id = await pushed();
    expect(await hint(id)).toBe('outstandingTransaction');
    await new Promise((resolve) => setTimeout(resolve, NO_CLIENT_SECONDS * 1000 + 100));
    expect(await hint(id)).toBe('noClient');
    await phone.get(t.http, '/wallet/v1/inbox').then((r) => expect(r.status).toBe(200));
    expect(await hint(id)).toBe('outstandingTransaction');
    await phone.get(t.http, `/wallet/v1/flows/${id}`);
    expect(await hint(id)).toBe('userSign');
    await phone.post(t.http, `/wallet/v1/flows/${id}/decline`).then((r) => expect(r.status).toBe(201));
    expect(await hint(id)).toBe('userCancel');
  });

  it('the SSE stream carries the hint as it changes', async () => {
    const id = await pushed();
    const stream = await SseClient.open(`${await t.app.getUrl()}/api/v2/flow/sse?request=${id}`, integrator.headers());
    await stream.waitFor(1);
    await phone.get(t.http, `/wallet/v1/flows/${id}`);
    const deadline = Date.now() + 5000;
    const hints = () =>
      stream.events.map((event) => (event.data as { data: { request: { hint: string } } }).data.request.hint);
    while (!hints().includes('userSign') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hints()).toContain('userSign');
    await integrator.cancel(id).expect(201);
    await stream.ended;
    expect(hints().at(-1)).toBe('cancelled');
  });

  it('an expired flow says expiredTransaction', async () => {
    const { id } = await integrator.start('same-device', SAME_DEVICE_LOGIN);
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 24 * 60 * 60 * 1000);
    await t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS);
    jest.restoreAllMocks();
    expect(await hint(id)).toBe('expiredTransaction');
  });
});
