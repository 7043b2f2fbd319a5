import { TestApp, createTestApp } from '../support/test-app';

const ORIGIN = 'https://shop.example';

describe('CORS: on the API routes only (spec section 4)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/health/check', '/api/v2/flow/ping', '/.well-known/jwks.json'])(
    'answers a preflight for %s and exposes the headers a browser needs',
    async (path) => {
      const preflight = await t
        .http()
        .options(path)
        .set('origin', ORIGIN)
        .set('access-control-request-method', 'POST')
        .set('access-control-request-headers', 'x-api-key,x-access-secret,content-type');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');

      const answer = await t.http().get(path).set('origin', ORIGIN);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-expose-headers']).toBe('x-access-token,x-request-id,retry-after');
      expect(answer.headers.vary).toBe('Origin');
    },
  );

  it("leaves the CORS headers off a backend's call, which has no Origin, and tells caches the answers differ", async () => {
    const answer = await t.http().get('/.well-known/jwks.json').expect(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-expose-headers']).toBeUndefined();
    expect(answer.headers.vary).toBe('Origin');
  });

  it.each([
    '/admin/apps',
    '/wallet/v1/inbox',
    '/review/doc_000000000000000000000000',
    '/open/abc',
    '/verify',
    '/docs-json',
  ])('gives no cross-origin access to %s', async (path) => {
    const preflight = await t.http().options(path).set('origin', ORIGIN).set('access-control-request-method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await t.http().get(path).set('origin', ORIGIN);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
