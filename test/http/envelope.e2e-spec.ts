import request from 'supertest';
import { CredentialProbeController, SCOPED_PROBES } from '../support/credential-probe.controller';
import { EnvelopeProbeController, LEAKY_DETAIL } from '../support/envelope-probe.controller';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';
import { TestTenant, createTenant } from '../support/tenant-factory';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The failed envelope of spec 2.1: exactly these keys, nothing else (no stack, no Nest `statusCode`/`error`). */
function expectFailure(response: request.Response, status: number, version: 'v1' | 'v2'): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { errors, data, ...rest } = response.body;
  expect(rest).toEqual({ status: 'failed', reason: expect.any(String), version });
  expect(rest.reason.length).toBeGreaterThan(0);
  if (errors !== undefined) {
    expect(errors).toEqual(expect.any(Array));
    for (const issue of errors)
      expect(issue).toEqual({ code: expect.any(String), path: expect.any(Array), message: expect.any(String) });
  }
  expect(data === undefined || typeof data === 'object').toBe(true);
}

describe('the envelope on every JSON answer (spec 2.1, DESIGN section 4)', () => {
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [EnvelopeProbeController, CredentialProbeController] });
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const keySecret = () => ({ 'x-api-key': tenant.apiKey, 'x-access-secret': tenant.appSecret });
  const malformedJson = (path: string) =>
    t.http().post(path).set(keySecret()).set('content-type', 'application/json').send('{"request": "req_');

  describe('success', () => {
    it.each([
      ['/api/v1/probe/echo', 'v1'],
      ['/api/v2/probe/echo', 'v2'],
    ] as const)('wraps what %s returns, echoing %s', async (path, version) => {
      const body = { name: 'Ada', item: { count: 2 } };
      const response = await t.http().post(path).send(body).expect(200);
      expect(response.body).toEqual({ status: 'successful', reason: 'Echoed', version, data: body });
    });

    it('echoes v2 on unversioned routes', async () => {
      const response = await t.http().get('/api/health/ready').expect(200);
      expect(response.body).toMatchObject({ status: 'successful', version: 'v2' });
    });

    it('leaves raw answers alone (plain-text health check, JWK Set)', async () => {
      const health = await t.http().get('/api/health/check').set('x-api-key', tenant.apiKey).expect(200);
      expect(health.text).toBe('OK');
      const jwks = await t.http().get('/.well-known/jwks.json').expect(200);
      expect(Object.keys(jwks.body)).toEqual(['keys']);
    });
  });

  describe('failure', () => {
    it.each([
      ['/api/v1/flow/authorize', 'v1'],
      ['/api/v2/probe/flow/ping', 'v2'],
    ] as const)('401 on %s echoes %s', async (path, version) => {
      const response = await t.http().get(path);
      expectFailure(response, 401, version);
      expect(response.body.reason).toBe('The x-api-key header is required');
    });

    it('401 for a route that declares no access (deny by default)', async () => {
      const response = await t.http().get('/api/v2/probe/undeclared').set(keySecret());
      expectFailure(response, 401, 'v2');
      expect(response.body.reason).toBe('This route does not accept requests');
    });

    it('403 on v1 and v2', async () => {
      const v1 = await t
        .http()
        .get('/api/v1/flow/authorize')
        .set(keySecret())
        .query({ sub: 'bcn_someoneElse0000000000000', app: tenant.appId });
      expectFailure(v1, 403, 'v1');
      const v2 = await t.http().get(SCOPED_PROBES.notGranted.path).set(keySecret());
      expectFailure(v2, 403, 'v2');
    });

    it.each([
      ['/api/v1/no/such/route', 'v1'],
      ['/api/v2/no/such/route', 'v2'],
      ['/nothing-here', 'v2'],
    ] as const)('404 for the unknown route %s says No such route', async (path, version) => {
      const response = await t.http().get(path);
      expectFailure(response, 404, version);
      expect(response.body.reason).toBe('No such route');
    });

    it('404 for an unknown flow', async () => {
      const response = await t
        .http()
        .post('/api/v2/flow/ping')
        .set(keySecret())
        .send({ request: 'req_000000000000000000000000' });
      expectFailure(response, 404, 'v2');
    });

    it('400 with Zod-style errors for a body that fails validation', async () => {
      const response = await t
        .http()
        .post('/api/v1/probe/echo')
        .send({ name: 'A', item: { count: 'many' }, extra: true });
      expectFailure(response, 400, 'v1');
      expect(response.body.reason).toBe('Validation failed');
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { code: 'too_small', path: ['name'], message: expect.stringContaining('name') },
          { code: 'invalid_type', path: ['item', 'count'], message: expect.stringContaining('count') },
          { code: 'unrecognized_keys', path: ['extra'], message: 'extra is not an accepted field' },
        ]),
      );
    });

    it.each([
      ['/api/v1/probe/echo', 'v1'],
      ['/api/v2/flow/ping', 'v2'],
    ] as const)('400 with an invalid_json issue for a malformed JSON body on %s', async (path, version) => {
      const response = await malformedJson(path);
      expectFailure(response, 400, version);
      expect(response.body).toEqual({
        status: 'failed',
        reason: 'Validation failed',
        version,
        errors: [{ code: 'invalid_json', path: [], message: expect.any(String) }],
      });
    });

    it('413 for a body over the size limit (256 kB)', async () => {
      const response = await t
        .http()
        .post('/api/v2/probe/echo')
        .send({ name: 'x'.repeat(1_000_000), item: { count: 1 } });
      expectFailure(response, 413, 'v2');
    });

    it.each([
      ['/api/v1/probe/failure', 'v1'],
      ['/api/v2/probe/failure', 'v2'],
    ] as const)('500 from %s: generic reason naming the request id, nothing of the error', async (path, version) => {
      const response = await t.http().get(path);
      expectFailure(response, 500, version);
      expect(Object.keys(response.body).sort()).toEqual(['reason', 'status', 'version']);
      const requestId = response.headers['x-request-id'];
      expect(requestId).toEqual(expect.any(String));
      expect(response.body.reason).toContain(requestId);
      expect(response.text).not.toContain(LEAKY_DETAIL);
      expect(response.text).not.toMatch(/\bat .*\.ts:\d+/);
      expect(response.text).not.toContain('Error');
    });
  });

  describe('x-request-id', () => {
    const answers: Array<[string, () => request.Test]> = [
      [
        'a success',
        () =>
          t
            .http()
            .post('/api/v2/probe/echo')
            .send({ name: 'Ada', item: { count: 1 } }),
      ],
      ['a plain-text answer', () => t.http().get('/api/health/check').set('x-api-key', tenant.apiKey)],
      ['a 401', () => t.http().get('/api/health/check')],
      ['a 404', () => t.http().get('/no/such/route')],
      ['a validation 400', () => t.http().post('/api/v2/probe/echo').send({})],
      ['a malformed JSON 400', () => malformedJson('/api/v2/flow/ping')],
      [
        'a 413',
        () =>
          t
            .http()
            .post('/api/v2/probe/echo')
            .send({ name: 'x'.repeat(200_000) }),
      ],
      ['a 500', () => t.http().get('/api/v2/probe/failure')],
    ];

    it.each(answers)('is set on %s', async (_label, send) => {
      const response = await send();
      expect(response.headers['x-request-id']).toMatch(UUID);
    });

    it.each(answers)("echoes the caller's safe id on %s", async (_label, send) => {
      const response = await send().set('x-request-id', 'checkout-7f3a.retry_2');
      expect(response.headers['x-request-id']).toBe('checkout-7f3a.retry_2');
    });

    it('replaces an id that is unsafe to log', async () => {
      for (const unsafe of ['two words', 'x'.repeat(65), 'line\u00e9']) {
        const response = await t.http().get('/nothing-here').set('x-request-id', unsafe);
        expect(response.headers['x-request-id']).toMatch(UUID);
      }
    });

    it('is also set on the plain-text 429', async () => {
      const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
      try {
        const ip = randomClientIp();
        await request(limited.app.getHttpServer()).get('/.well-known/jwks.json').set('x-real-ip', ip).expect(200);
        const response = await request(limited.app.getHttpServer())
          .get('/.well-known/jwks.json')
          .set('x-real-ip', ip)
          .set('x-request-id', 'slow-down-1');
        expect(response.status).toBe(429);
        expect(response.headers['x-request-id']).toBe('slow-down-1');
      } finally {
        await limited.close();
      }
    });
  });
});
