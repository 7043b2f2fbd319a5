import { KEY_HOLDER_TTL_MS } from '../../src/tenants/key-holder.cache';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import { TestDevice } from '../support/test-device';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

/** Asks until `refused` says so; answers how long after `since` that was, or fails after a second and a half. */
async function refusedWithin(since: number, ask: () => Promise<{ status: number }>): Promise<number> {
  for (;;) {
    const { status } = await ask();
    const elapsed = performance.now() - since;
    if (status === 401) return elapsed;
    if (elapsed > 1.5 * KEY_HOLDER_TTL_MS) throw new Error(`still ${status} after ${Math.round(elapsed)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeScaledOut('API-key, secret and device changes across two instances sharing PostgreSQL and Redis', () => {
  let changer: TestApp;
  let server: TestApp;
  let sandbox: SandboxBootstrap;
  const admin = () => changer.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);

  beforeAll(async () => {
    changer = await createTestApp();
    server = await createTestApp({ env: { DATABASE_SCHEMA: changer.config.DATABASE_SCHEMA as string } });
    sandbox = await bootstrapSandbox(changer.app);
  });
  afterAll(async () => {
    await changer.close();
    await server.close();
  });

  // The other instance has just answered with the key, so it holds it; it must not wait for that answer to age out.
  it('a key revoked on one instance is refused by the other at once, well before its cached answer would expire', async () => {
    const { apiKey, id } = (await admin().post(`/admin/apps/${sandbox.appId}/keys`).expect(201)).body.data;
    await server.http().get('/api/health/check').set('x-api-key', apiKey).expect(200);
    const warmedAt = performance.now();
    await admin().post(`/admin/keys/${id}/revoke`).expect(201);
    const elapsed = await refusedWithin(warmedAt, () =>
      server.http().get('/api/health/check').set('x-api-key', apiKey),
    );
    expect(elapsed).toBeLessThan(KEY_HOLDER_TTL_MS / 2);
    const refused = await server.http().get('/api/health/check').set('x-api-key', apiKey).expect(401);
    expect(refused.body.reason).toBe('The x-api-key has been revoked');
  });

  it('an app secret rotated on one instance stops working on the other at once, and the new one works there', async () => {
    const ping = (secret: string) =>
      server
        .http()
        .get('/api/v1/flow/authorize')
        .set({ ...credentials(sandbox), 'x-access-secret': secret });
    await ping(sandbox.appSecret).expect(200);
    const warmedAt = performance.now();
    const rotated = await admin().post(`/admin/apps/${sandbox.appId}/rotate-secret`).expect(201);
    const elapsed = await refusedWithin(warmedAt, () => ping(sandbox.appSecret));
    expect(elapsed).toBeLessThan(KEY_HOLDER_TTL_MS / 2);
    await ping(rotated.body.data.appSecret).expect(200);
  });

  // No instance caches devices: the other one's very next request after the revocation is refused, without waiting.
  it("a holder's device revoked on one instance is refused by the other at its next request", async () => {
    const nin = `4${Date.now()}`;
    await admin().post('/admin/persons').send({ nin, environment: 'production', name: 'Amaka Obi' }).expect(201);
    const issued = await admin().post(`/admin/persons/production/${nin}/enrollment-codes`).expect(201);
    const device = await TestDevice.create();
    await device.enroll(server.http, issued.body.data.code);
    await device.get(server.http, '/wallet/v1/inbox').then(({ status }) => expect(status).toBe(200));
    await admin().post(`/admin/devices/${device.id}/revoke`).expect(201);
    const refused = await device.get(server.http, '/wallet/v1/inbox');
    expect(refused.status).toBe(401);
    expect(refused.body.reason).toBe('Device proof rejected: unknown or revoked device');
  });
});

describeScaledOut('deployments sharing a Redis under different REDIS_PREFIX values', () => {
  let ours: TestApp;
  let theirs: TestApp;
  let sandbox: SandboxBootstrap;

  beforeAll(async () => {
    ours = await createTestApp({ env: { REDIS_PREFIX: `ours-${Date.now()}:` } });
    // The same tables, so that only the announcement could tell the other instance of the change at once.
    theirs = await createTestApp({
      env: { DATABASE_SCHEMA: ours.config.DATABASE_SCHEMA as string, REDIS_PREFIX: `theirs-${Date.now()}:` },
    });
    sandbox = await bootstrapSandbox(ours.app);
  });
  afterAll(async () => {
    await ours.close();
    await theirs.close();
  });

  it("do not hear each other's announcements: a key revoked in one is not dropped at once by the other", async () => {
    const admin = () => ours.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
    const { apiKey, id } = (await admin().post(`/admin/apps/${sandbox.appId}/keys`).expect(201)).body.data;
    await theirs.http().get('/api/health/check').set('x-api-key', apiKey).expect(200);
    await admin().post(`/admin/keys/${id}/revoke`).expect(201);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still its own cached answer: no announcement on its channel (it sees the revocation when the answer ages out).
    await theirs.http().get('/api/health/check').set('x-api-key', apiKey).expect(200);
    await ours.http().get('/api/health/check').set('x-api-key', apiKey).expect(401);
  });
});
