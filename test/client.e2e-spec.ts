import { IdflowClient, IdflowError } from '@idflow/client';
import { TestApp, createTestApp } from './support/test-app';
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

  it('turns a failed answer into an IdflowError with status and reason', async () => {
    const client = new IdflowClient({ apiKey: 'bk-test_unknown', basePath });
    const failure = await client.health.check().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdflowError);
    expect(failure).toMatchObject({ status: 401, reason: 'The x-api-key is not valid' });
  });
});
