import { TestApp, createTestApp } from '../support/test-app';
import { TestTenant, createTenant } from '../support/tenant-factory';

describe('system routes', () => {
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('answers the health check with plain OK for a valid key', async () => {
    const response = await t.http().get('/api/health/check').set('x-api-key', tenant.apiKey).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe('OK');
  });

  it('answers the root with plain text saying it may receive requests', async () => {
    const response = await t.http().get('/').set('x-api-key', tenant.apiKey).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toMatch(/may receive requests/);
  });

  it.each(['/api/health/check', '/'])('refuses %s without a valid key', async (path) => {
    const missing = await t.http().get(path).expect(401);
    expect(missing.body).toEqual({ status: 'failed', reason: 'The x-api-key header is required', version: 'v2' });
    const wrong = await t.http().get(path).set('x-api-key', 'bk-test_nope').expect(401);
    expect(wrong.body.reason).toBe('The x-api-key is not valid');
  });

  it('reports liveness without credentials', async () => {
    const response = await t.http().get('/api/health/live').expect(200);
    expect(response.body).toEqual({ status: 'successful', reason: 'Alive', version: 'v2', data: { alive: true } });
  });

  it('reports readiness without credentials', async () => {
    const response = await t.http().get('/api/health/ready').expect(200);
    expect(response.body).toEqual({
      status: 'successful',
      reason: 'Ready',
      version: 'v2',
      data: {
        ready: true,
        database: 'up',
        redis: t.config.REDIS_URL ? 'up' : 'not configured',
        checkpointer: t.config.DATABASE_URL ? 'not configured' : 'up',
      },
    });
  });

  it('publishes the service signing keys as a JWK Set: Ed25519, and ES256 and RS256 for OpenID clients', async () => {
    const response = await t.http().get('/.well-known/jwks.json').expect(200);
    expect(response.body.keys).toEqual([
      expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' }),
      expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' }),
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' }),
    ]);
    // No private part of any key (d, and RSA's p, q, dp, dq, qi).
    for (const key of response.body.keys) expect(key).not.toHaveProperty('d');
    expect(response.body.keys[2]).not.toHaveProperty('p');
  });
});
