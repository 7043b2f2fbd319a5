import { DataSource } from 'typeorm';
import { DevicePushSubscription } from '../../src/devices/device-push-subscription.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { startDocument, walletDocumentSigner } from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { PushEndpoint } from '../support/push-endpoint';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import type { TestDevice } from '../support/test-device';
import { eventually, pause, within } from '../support/waiting';

const PUSH_SUBSCRIPTION = '/wallet/v1/devices/push-subscription';

describe('Web Push: a flow pushed to a person sends each subscribed device one encrypted notice', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let pushService: PushEndpoint;
  let files: FileHost;

  beforeAll(async () => {
    // The push endpoint is on loopback over plain http, which the outbound guard allows only this way.
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    pushService = await PushEndpoint.start();
    files = await FileHost.start();
  });
  afterAll(async () => {
    await files.close();
    await pushService.close();
    await t.close();
  });

  async function subscribedDevice(nin: string): Promise<{ device: TestDevice; endpoint: string }> {
    const device = await enrolledDevice(t.app, t.http, nin);
    const subscription = pushService.subscribe();
    const saved = await device.put(t.http, PUSH_SUBSCRIPTION, subscription);
    expect(saved.status).toBe(200);
    expect(saved.body.data.push.subscribed).toBe(true);
    return { device, endpoint: subscription.endpoint };
  }
  const pushedLogin = (nin: string) =>
    integrator.start('different-device', { user: nin, action: 'login', claims: ['naming.name'], payload: 'Log in' });
  const isSubscribed = async (device: TestDevice) =>
    (await device.get(t.http, PUSH_SUBSCRIPTION)).body.data.push.subscribed as boolean;

  it('gives the app the VAPID key, and a pushed flow reaches the endpoint signed by it, decrypting to the flow id', async () => {
    const nin = sandbox.testPersons[0].nin;
    const { device, endpoint } = await subscribedDevice(nin);
    const settings = await device.get(t.http, PUSH_SUBSCRIPTION);
    expect(settings.status).toBe(200);
    const { applicationServerKey } = settings.body.data.push;
    expect(Buffer.from(applicationServerKey, 'base64url')).toHaveLength(65);

    const flow = await pushedLogin(nin);
    await eventually('the notice reaches the push endpoint', async () => pushService.to(endpoint).length > 0, 10_000);
    const [notice] = pushService.to(endpoint);
    expect(pushService.refused).toEqual([]);
    expect(notice.vapidKey).toBe(applicationServerKey);
    expect(notice.vapid).toMatchObject({ aud: pushService.origin, sub: t.config.VAPID_SUBJECT });
    // The flow id and nothing else: the push service keeps the payload, so no personal data travels in it.
    expect(JSON.parse(notice.plaintext)).toEqual({ flow: flow.id });
    expect(Number(notice.headers.ttl)).toBeGreaterThan(0);
    expect(Number(notice.headers.ttl)).toBeLessThanOrEqual(t.config.FLOW_TTL_SECONDS);
    expect(pushService.to(endpoint)).toHaveLength(1);
  });

  it('deletes a subscription the push service answers 410 for, and does not try it again', async () => {
    const nin = sandbox.testPersons[2].nin;
    const gone = await subscribedDevice(nin);
    const other = await subscribedDevice(nin);
    pushService.answer(gone.endpoint, 410);

    await pushedLogin(nin);
    await eventually('both devices are told', async () => pushService.to(other.endpoint).length === 1, 10_000);
    expect(pushService.to(gone.endpoint)).toHaveLength(1);
    await eventually('the gone subscription is deleted', async () => !(await isSubscribed(gone.device)), 10_000);
    expect(await isSubscribed(other.device)).toBe(true);

    // Devices are told oldest first, so once the newer one has its notice the older one was passed over.
    await pushedLogin(nin);
    await eventually('the other device is told again', async () => pushService.to(other.endpoint).length === 2, 10_000);
    expect(pushService.to(gone.endpoint)).toHaveLength(1);
  });

  it('replaces the subscription when the app subscribes again, and forgets it when the device is revoked', async () => {
    const nin = sandbox.testPersons[1].nin;
    const { device, endpoint: old } = await subscribedDevice(nin);
    const renewed = pushService.subscribe();
    expect((await device.put(t.http, PUSH_SUBSCRIPTION, renewed)).status).toBe(200);
    const flow = await pushedLogin(nin);
    await eventually('the new endpoint is told', async () => pushService.to(renewed.endpoint).length === 1, 10_000);
    expect(JSON.parse(pushService.to(renewed.endpoint)[0].plaintext)).toEqual({ flow: flow.id });
    expect(pushService.to(old)).toEqual([]);

    await t.http().post(`/admin/devices/${device.id}/revoke`).set('authorization', `Bearer ${ADMIN_TOKEN}`).expect(201);
    const stored = t.app.get(DataSource).getRepository(DevicePushSubscription);
    expect(await stored.countBy({ deviceId: device.id as string })).toBe(0);
  });

  it('tells a sequential document’s next signee when their turn comes, and a signee pushed from the review page', async () => {
    const [first, second] = [sandbox.testPersons[0], sandbox.testPersons[1]];
    const one = await subscribedDevice(first.nin);
    const two = await subscribedDevice(second.nin);
    const file = { url: files.put('/contract.pdf', await makePdf(1, 'Contract')), title: 'Contract' };
    const webhook = { host: 'https://shop.example/webhooks/idflow', reference: 'contract' };
    const noticesTo = (endpoint: string) =>
      pushService.to(endpoint).map((notice) => (JSON.parse(notice.plaintext) as { flow: string }).flow);

    const signing = await startDocument(integrator, 'signing', {
      to: [first.nin, second.nin],
      signingOrder: 'sequential',
      file,
      webhook,
    });
    const signingId = signing.request.id as string;
    await eventually('the first signee is told', async () => noticesTo(one.endpoint).length === 1, 10_000);
    expect(noticesTo(one.endpoint)).toEqual([signingId]);
    await pause(300);
    expect(noticesTo(two.endpoint)).toEqual([]);

    expect((await walletDocumentSigner(t.http, one.device, first.nin).sign(signingId)).status).toBe(201);
    await eventually(
      'the second signee is told, their turn come',
      async () => noticesTo(two.endpoint).length === 1,
      10_000,
    );
    expect(noticesTo(two.endpoint)).toEqual([signingId]);
    expect(noticesTo(one.endpoint)).toEqual([signingId]);

    // A review document's signee is asked when the review page pushes to them, not at its create.
    const signee = {
      nin: second.nin,
      name: second.name,
      type: 'person',
      email: 'signee@example.com',
      representing: '',
    };
    const review = await startDocument(integrator, 'review', { signee: [signee], file, webhook });
    const reviewId = review.request.id as string;
    await t.http().post(`/review/${reviewId}/signees/0/push`).send({}).expect(200);
    await eventually('the pushed signee is told', async () => noticesTo(two.endpoint).length === 2, 10_000);
    expect(noticesTo(two.endpoint)).toEqual([signingId, reviewId]);
    expect(pushService.refused).toEqual([]);
  });

  it('refuses a subscription whose keys are not a browser subscription', async () => {
    const device = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    const good = pushService.subscribe();
    const badKey = await device.put(t.http, PUSH_SUBSCRIPTION, { ...good, keys: { ...good.keys, p256dh: 'AAAA' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors).toEqual([
      expect.objectContaining({ path: ['keys', 'p256dh'], message: expect.stringMatching(/uncompressed P-256/) }),
    ]);
    const noKeys = await device.put(t.http, PUSH_SUBSCRIPTION, { endpoint: good.endpoint });
    expect(noKeys.status).toBe(400);
    const metadata = await device.put(t.http, PUSH_SUBSCRIPTION, { ...good, endpoint: 'http://169.254.169.254/push' });
    expect(metadata.status).toBe(400);
    expect(metadata.body.errors[0].path).toEqual(['endpoint']);
    expect(await isSubscribed(device)).toBe(false);
  });
});

describe('Web Push outside tests: the endpoint must be https, as the outbound guard decides', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a plain http endpoint', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const device = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    const refused = await within(
      'the answer',
      device.put(t.http, PUSH_SUBSCRIPTION, {
        endpoint: 'http://push.example/wpush/abc',
        keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16).toString('base64url') },
      }),
      10_000,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { code: 'custom', path: ['endpoint'], message: 'endpoint: The URL must use https' },
    ]);
  });
});
