import { FlowEventBus } from '../../src/flows/events/flow-event-bus';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';
import { IntegratorClient } from '../support/integrator-client';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import type { TestDevice } from '../support/test-device';

describe("the device's push stream", () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let baseUrl: string;
  let device: TestDevice;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    nin = sandbox.testPersons[2].nin;
    device = await enrolledDevice(t.app, t.http, nin, 'EdDSA');
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
  });
  afterAll(() => t.close());

  const open = async () =>
    SseClient.open(`${baseUrl}/wallet/v1/stream`, { authorization: await device.proof('GET', '/wallet/v1/stream') });
  const ask = (user: string) =>
    t
      .http()
      .post('/api/v2/identification/different-device')
      .set(credentials(sandbox))
      .send({ user, action: 'login', claims: ['naming.name'], payload: 'Log in to Acme' })
      .expect(201);

  it('sends the inbox at once, then new work for its NIN within 500 ms, and nothing for other NINs', async () => {
    const client = await open();
    expect(client.status).toBe(200);
    const inbox = await client.waitFor(1);
    expect(inbox).toMatchObject({ event: 'inbox', data: { flows: expect.any(Array) } });

    await ask(sandbox.testPersons[0].nin);
    const created = await ask(nin);
    const askedAt = performance.now();
    const pushed = await client.waitFor(2);
    expect(pushed).toMatchObject({
      event: 'flow',
      data: {
        id: created.body.data.request.id,
        status: 'pending',
        held: false,
        app: 'Sandbox app',
        payload: 'Log in to Acme',
      },
    });
    expect(pushed.at - askedAt).toBeLessThan(500);

    const accepted = await device.post(t.http, `/wallet/v1/flows/${created.body.data.request.id}/accept`);
    expect(accepted.status).toBe(201);
    const held = await client.waitFor(3);
    expect(held.data).toMatchObject({ id: created.body.data.request.id, status: 'active', held: true });
    expect(client.events).toHaveLength(3);
    client.close();
  });

  it('does not push a same-device signing flow that names its NIN: that flow belongs to the device that opens its link', async () => {
    const client = await open();
    await client.waitFor(1);
    await t
      .http()
      .post('/api/v2/signing/same-device')
      .set(credentials(sandbox))
      .send({ action: 'confirm', nin, payload: 'Confirm on this phone' })
      .expect(201);
    const pushed = await ask(nin);
    const next = await client.waitFor(2);
    expect(next.data).toMatchObject({ id: pushed.body.data.request.id, startMode: 'different-device' });
    expect(client.events).toHaveLength(2);
    client.close();
  });

  it('keeps a flow the device picked up by its link code in the inbox of every stream it opens later', async () => {
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const { id, linkCode } = await integrator.start('same-device', {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Picked up here',
    });
    const picked = await device.post(t.http, '/wallet/v1/flows/pick-up', { code: linkCode });
    expect(picked.status).toBe(201);
    const client = await open();
    const inbox = await client.waitFor(1);
    client.close();
    const { flows } = inbox.data as { flows: Array<{ id: string; held: boolean; status: string }> };
    expect(flows.find((flow) => flow.id === id)).toMatchObject({ held: true, status: 'active' });
    // Another device of the same person is not shown a flow this one holds.
    const other = await enrolledDevice(t.app, t.http, nin);
    const otherClient = await SseClient.open(`${baseUrl}/wallet/v1/stream`, {
      authorization: await other.proof('GET', '/wallet/v1/stream'),
    });
    const otherInbox = await otherClient.waitFor(1);
    otherClient.close();
    const { flows: otherFlows } = otherInbox.data as { flows: Array<{ id: string }> };
    expect(otherFlows.map((flow) => flow.id)).not.toContain(id);
  });

  it('refuses a stream without a valid device proof', async () => {
    const client = await SseClient.open(`${baseUrl}/wallet/v1/stream`, {
      authorization: await device.proof('GET', '/wallet/v1/inbox'),
    });
    await client.ended;
    expect(client.status).toBe(401);
  });

  it('releases its subscription when the device disconnects', async () => {
    const bus = t.app.get(FlowEventBus);
    const before = bus.listenerCount();
    const client = await open();
    await client.waitFor(1);
    expect(bus.listenerCount()).toBe(before + 1);
    client.close();
    await client.ended;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bus.listenerCount()).toBe(before);
  });

  it('ends the stream of a device revoked meanwhile instead of showing it new work', async () => {
    const revokedNin = sandbox.testPersons[1].nin;
    const revoked = await enrolledDevice(t.app, t.http, revokedNin);
    const client = await SseClient.open(`${baseUrl}/wallet/v1/stream`, {
      authorization: await revoked.proof('GET', '/wallet/v1/stream'),
    });
    await client.waitFor(1);
    await t
      .http()
      .post(`/admin/devices/${revoked.id}/revoke`)
      .set('authorization', `Bearer ${ADMIN_TOKEN}`)
      .expect(201);
    await ask(revokedNin);
    await client.ended;
    expect(client.events.map(({ event }) => event)).toEqual(['inbox']);
  });
});
