import { AccessTokenService } from '../../src/auth/access-token.service';
import { ServiceKeyService } from '../../src/service-key/service-key.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { TestApp, createTestApp } from '../support/test-app';
import { testConfig } from '../support/test-config';
import { createTenant } from '../support/tenant-factory';
import { thrownExceptions } from '../support/thrown-exceptions';

describe('the service signing key shared by instances', () => {
  let instances: TestApp[];

  beforeAll(async () => {
    const fresh = await testConfig();
    if (fresh.DATABASE_URL) {
      // Three instances start at the same moment on an empty database: migrations and key creation both race.
      const shared = { DATABASE_SCHEMA: fresh.DATABASE_SCHEMA as string };
      instances = await Promise.all([1, 2, 3].map(() => createTestApp({ env: shared })));
    } else {
      // SQLite is the single-process shape: one instance migrates, then two more start together.
      const shared = { DATABASE_PATH: fresh.DATABASE_PATH };
      const first = await createTestApp({ env: shared });
      instances = [first, ...(await Promise.all([createTestApp({ env: shared }), createTestApp({ env: shared })]))];
    }
  });
  afterAll(() => Promise.all(instances.map((instance) => instance.close())));

  it('is created once and published identically by every instance', async () => {
    const sets = await Promise.all(
      instances.map((instance) => instance.http().get('/.well-known/jwks.json').expect(200)),
    );
    // Ed25519 for idflow's own tokens, ES256 and RS256 for OpenID clients that do not take EdDSA.
    expect(sets[0].body.keys.map((key: { alg: string }) => key.alg)).toEqual(['EdDSA', 'ES256', 'RS256']);
    for (const set of sets) expect(set.body).toEqual(sets[0].body);
  });

  it('signs tokens on one instance that every other instance accepts', async () => {
    const [issuer, verifier] = instances;
    const tenant = await createTenant(issuer.app);
    const grant = await issuer
      .http()
      .get('/api/v1/flow/authorize')
      .set({ 'x-api-key': tenant.apiKey, 'x-access-secret': tenant.appSecret })
      .expect(200);
    const token = grant.headers['x-access-token'];
    expect(token).toBe(grant.body.data.token);
    const holder = await verifier.app.get(TenantsService).findKeyHolder(tenant.apiKey);
    if (!holder || holder === 'revoked') throw new Error('the key should be valid on every instance');
    await expect(verifier.app.get(AccessTokenService).isValidFor(token, holder)).resolves.toBe(true);
    await expect(verifier.app.get(AccessTokenService).isValidFor(`${token}x`, holder)).resolves.toBe(false);
  });

  it('derives pseudonyms and secrets without an exception thrown inside (as a Buffer key makes Node 24 throw two)', () => {
    const serviceKey = instances[0].app.get(ServiceKeyService);
    expect(thrownExceptions(() => serviceKey.pseudonym('app_1', '19900101-1234'))).toEqual([]);
    expect(thrownExceptions(() => serviceKey.derivedSecret('purpose'))).toEqual([]);
  });
});
