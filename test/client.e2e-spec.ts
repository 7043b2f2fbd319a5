import { IdflowClient, IdflowError, decryptClaims, verifySignature, verifyWebhook } from '@idflow/client';
import { TestApp, createTestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bootstrapSandbox, credentials, testPerson } from './support/sandbox-tenant';
import { TestTenant, createTenant } from './support/tenant-factory';

describe('the Node client against the real service', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let basePath: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    tenant = await createTenant(t.app);
    await t.app.listen(0, '127.0.0.1');
    basePath = await t.app.getUrl();
  });
  afterAll(() => t.close());

  it('checks health with the app credentials', async () => {
    const client = new IdflowClient({ apiKey: tenant.apiKey, appSecret: tenant.appSecret, basePath });
    await expect(client.health.check()).resolves.toBe('OK');
  });

  it('logs a test person in: create, simulate the approval, ping, decrypt', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
    const created = await client.identification.sameDevice({
      action: 'login',
      claims: ['naming.given'],
      payload: 'Log in',
    });
    expect(created.link).toMatch(/\/open\//);
    await t
      .http()
      .post(`/api/v2/sandbox/flows/${created.request.id}/approve`)
      .set(credentials(sandbox))
      .send({})
      .expect(201);
    const state = await client.flows.ping(created.request.id);
    expect(state.status).toBe('completed');
    const nin = sandbox.testPersons[0].nin;
    await expect(decryptClaims(state.claims ?? {}, sandbox.privateKey)).resolves.toEqual({
      naming: { given: testPerson(nin).claims.naming.given },
    });
    await expect(client.flows.cancel(created.request.id)).rejects.toMatchObject({ status: 409 });
  });

  it('has a person sign, then verifies the receipt offline and the webhook with the app secret', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const receiver = await WebhookReceiver.start();
    try {
      const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
      const payload = 'Pay 120.00 EUR to Acme Shop, order 1042';
      const created = await client.signing.differentDevice({
        action: 'sign',
        nin: sandbox.testPersons[1].nin,
        payload,
        webhook: { host: receiver.url, reference: 'order-1042' },
      });
      await t
        .http()
        .post(`/api/v2/sandbox/flows/${created.request.id}/approve`)
        .set(credentials(sandbox))
        .send({})
        .expect(201);
      const state = await client.flows.ping(created.request.id);
      const jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
      await expect(verifySignature(state.signature as string, payload, jwks)).resolves.toMatchObject({
        nin: sandbox.testPersons[1].nin,
        flow: created.request.id,
      });
      await expect(verifySignature(state.signature as string, `${payload}0`, jwks)).rejects.toThrow(/payload/);

      const [hit] = await receiver.waitFor('order-1042', 1);
      expect(verifyWebhook(hit.body, hit.headers, sandbox.webhookSecret)).toMatchObject({
        type: 'signing.completed',
        flow: created.request.id,
        reference: 'order-1042',
      });
      const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      expect(() => verifyWebhook(hit.body, hit.headers, otherSecret)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('turns a failed answer into an IdflowError with status and reason', async () => {
    const client = new IdflowClient({ apiKey: 'bk-test_unknown', basePath });
    const failure = await client.health.check().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdflowError);
    expect(failure).toMatchObject({ status: 401, reason: 'The x-api-key is not valid' });
  });
});
