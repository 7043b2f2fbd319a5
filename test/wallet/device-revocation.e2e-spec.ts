import { randomBase62 } from '../../src/common/ids/random-id';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { walletHolder } from '../support/holder-driver';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { SigningHolder, startSigning, walletSigner } from '../support/signing-flows';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import type { TestDevice } from '../support/test-device';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const LOCAL_RECEIVERS = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };

const viewIn = (event: { data: unknown }) =>
  (event.data as { data: { request: Record<string, unknown> } }).data.request;

describe(`revoking a device ends the flows it holds (${dialect})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let baseUrl: string;
  let lostPhone: TestDevice;
  let lost: SigningHolder;
  let kept: SigningHolder;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({ env: LOCAL_RECEIVERS });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    // Two phones of one person: the lost one is revoked, the other goes on.
    const nin = sandbox.testPersons[0].nin;
    lostPhone = await enrolledDevice(t.app, t.http, nin);
    lost = walletSigner(t.http, lostPhone, nin);
    kept = walletSigner(t.http, await enrolledDevice(t.app, t.http, nin), nin);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const pushed = async (reference: string) =>
    startSigning(integrator, 'different-device', {
      action: 'sign',
      payload: `a contract, ${reference}`,
      nin: lost.nin,
      webhook: { host: receiver.url, reference },
    });

  it('cancels its open flows with a reason (ping, SSE, webhook), once, and leaves every other flow as it was', async () => {
    const heldReference = `held-${randomBase62(8)}`;
    const held = await pushed(heldReference);
    expect((await lost.pickUp(held)).status).toBe(201);
    const login = await integrator.start('same-device', SAME_DEVICE_LOGIN);
    expect((await walletHolder(t.http, lostPhone, lost.nin).pickUp(login)).status).toBe(201);
    const answered = await pushed(`answered-${randomBase62(8)}`);
    expect((await lost.sign(answered.id)).status).toBe(201);
    const waiting = await pushed(`waiting-${randomBase62(8)}`);
    const elsewhereReference = `elsewhere-${randomBase62(8)}`;
    const elsewhere = await pushed(elsewhereReference);
    expect((await kept.pickUp(elsewhere)).status).toBe(201);

    const stream = await SseClient.open(`${baseUrl}/api/v2/flow/sse?request=${held.id}`, {
      'x-api-key': sandbox.apiKey,
    });
    expect(viewIn(await stream.waitFor(1))).toMatchObject({ status: 'active', hint: 'started' });

    await admin().post(`/admin/devices/${lostPhone.id}/revoke`).expect(201);

    const ended = { status: 'cancelled', cancelled: true, onsession: true, hint: 'deviceRevoked' };
    const last = await stream.waitFor(2);
    await stream.ended;
    expect(viewIn(last)).toMatchObject(ended);
    expect(await integrator.view(held.id)).toMatchObject(ended);
    expect(await integrator.view(login.id)).toMatchObject(ended);
    const [hit] = await receiver.waitFor(heldReference, 1);
    expect(hit.json).toMatchObject({
      type: 'signing.cancelled',
      reference: heldReference,
      flow: held.id,
      data: { request: await integrator.view(held.id) },
    });

    // What it answered stays answered, a push it never took is still there for the other phone, and what the other
    // phone holds goes on.
    expect(await integrator.view(answered.id)).toMatchObject({ status: 'completed' });
    expect(await integrator.view(waiting.id)).toMatchObject({ status: 'pending', onsession: false });
    expect(await integrator.view(elsewhere.id)).toMatchObject({ status: 'active', hint: 'started' });
    expect((await kept.sign(elsewhere.id)).status).toBe(201);
    await receiver.waitFor(elsewhereReference, 1);

    // Revoking again changes nothing and tells nobody again.
    await admin().post(`/admin/devices/${lostPhone.id}/revoke`).expect(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.hitsFor(heldReference)).toHaveLength(1);
    expect((await lost.sign(held.id)).status).toBe(401);
  });
});
