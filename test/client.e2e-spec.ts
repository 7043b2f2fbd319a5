import { IdflowClient, IdflowError, decryptClaims } from '@idflow/client';
import { TestApp, createTestApp } from './support/test-app';
import { bootstrapSandbox, credentials, testPerson } from './support/sandbox-tenant';
import { TestTenant, createTenant } from './support/tenant-factory';

describe('the Node client against the real service', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let basePath: string;

  beforeAll(async () => {
    t = await createTestApp();
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

  it('turns a failed answer into an IdflowError with status and reason', async () => {
    const client = new IdflowClient({ apiKey: 'bk-test_unknown', basePath });
    const failure = await client.health.check().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdflowError);
    expect(failure).toMatchObject({ status: 401, reason: 'The x-api-key is not valid' });
  });
});
