import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

describe('the holder’s history and removing a device, through the Wallet API', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  });
  afterAll(() => t.close());

  async function pushedLogin(nin: string, device: TestDevice, claims: string[]): Promise<string> {
    const flow = await integrator.start('different-device', { user: nin, action: 'login', claims, payload: 'Log in' });
    expect((await device.post(t.http, `/wallet/v1/flows/${flow.id}/accept`)).status).toBe(201);
    return flow.id;
  }

  it('lists what the person approved and declined, latest first, to whom, and the claim keys released', async () => {
    const nin = sandbox.testPersons[0].nin;
    const phone = await enrolledDevice(t.app, t.http, nin);
    const tablet = await enrolledDevice(t.app, t.http, nin);
    const approved = await pushedLogin(nin, phone, ['naming.name', 'contact.email']);
    const approval = await phone.post(t.http, `/wallet/v1/flows/${approved}/approve`, { claims: ['naming.name'] });
    expect(approval.status).toBe(201);
    const declined = await pushedLogin(nin, tablet, ['naming.name']);
    expect((await tablet.post(t.http, `/wallet/v1/flows/${declined}/decline`, { reason: 'Not me' })).status).toBe(201);
    await pushedLogin(nin, phone, ['naming.name']);

    const history = await phone.get(t.http, '/wallet/v1/history');
    expect(history.status).toBe(200);
    expect(history.body.data.history).toEqual([
      expect.objectContaining({
        flowId: declined,
        app: 'Sandbox app',
        action: 'login',
        status: 'rejected',
        releasedClaims: [],
        byThisDevice: false,
      }),
      expect.objectContaining({
        flowId: approved,
        mode: 'identification',
        app: 'Sandbox app',
        status: 'completed',
        releasedClaims: ['naming.name'],
        byThisDevice: true,
      }),
    ]);
    const [latest, earlier] = history.body.data.history;
    expect(latest.answeredAt).toBeGreaterThanOrEqual(earlier.answeredAt);
    expect(Math.abs(latest.answeredAt - Date.now() / 1000)).toBeLessThan(60);

    const other = await enrolledDevice(t.app, t.http, sandbox.testPersons[1].nin);
    expect((await other.get(t.http, '/wallet/v1/history')).body.data.history).toEqual([]);
  });

  it('removes the device from the app: revoked at once, the flow it held cancelled, the next request refused', async () => {
    const nin = sandbox.testPersons[2].nin;
    const phone = await enrolledDevice(t.app, t.http, nin);
    const held = await pushedLogin(nin, phone, ['naming.name']);

    const removed = await phone.delete(t.http, '/wallet/v1/devices/current');
    expect(removed.status).toBe(200);
    expect(removed.body.data.device).toEqual({ id: phone.id, revokedAt: expect.any(Number) });
    expect(await integrator.view(held)).toMatchObject({ status: 'cancelled', hint: 'deviceRevoked' });
    const refused = await phone.get(t.http, '/wallet/v1/inbox');
    expect(refused.status).toBe(401);
    expect(refused.body.reason).toBe('Device proof rejected: unknown or revoked device');
  });
});
