import type { Server } from 'node:http';
import Redis from 'ioredis';
import request from 'supertest';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';
import { TestTenant, createTenant } from '../support/tenant-factory';

type Headers = Record<string, string>;

/** Sends `count` requests one after another and answers their status codes. */
async function statuses(count: number, send: (index: number) => request.Test): Promise<number[]> {
  const codes: number[] = [];
  for (let index = 0; index < count; index += 1) codes.push((await send(index)).status);
  return codes;
}

const times = (count: number, status: number) => Array.from({ length: count }, () => status);

/** The plain-text 429 of spec section 7: not the envelope, with a Retry-After in whole seconds. */
function expectRateLimited(response: request.Response): void {
  expect(response.status).toBe(429);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(() => JSON.parse(response.text)).toThrow();
  expect(response.text).toMatch(/too many requests/i);
  expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
}

describe('rate limit: 100 requests a minute per client IP (spec section 8)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let server: Server;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    server = t.app.getHttpServer();
  });
  afterAll(() => t.close());

  const health = (headers: Headers) =>
    request(server).get('/api/health/check').set('x-api-key', tenant.apiKey).set(headers);

  it('uses the default of 100', () => {
    expect(t.config.RATE_LIMIT_PER_MINUTE).toBe(100);
  });

  it('serves 100 requests from one IP, answers the 101st with a plain-text 429, and still serves another IP', async () => {
    const ip = { 'x-real-ip': randomClientIp() };
    expect(await statuses(100, () => health(ip))).toEqual(times(100, 200));
    expectRateLimited(await health(ip));
    await health({ 'x-real-ip': randomClientIp() }).expect(200);
  });
});

describe('rate limit: which requests count together', () => {
  const LIMIT = 5;
  let t: TestApp;
  let tenant: TestTenant;
  let server: Server;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    tenant = await createTenant(t.app);
    server = t.app.getHttpServer();
  });
  afterAll(() => t.close());

  const health = (headers: Headers) =>
    request(server).get('/api/health/check').set('x-api-key', tenant.apiKey).set(headers);

  it('counts every route of one IP together', async () => {
    const ip = { 'x-real-ip': randomClientIp() };
    const routes = ['/api/health/check', '/', '/.well-known/jwks.json', '/api/v1/flow/authorize', '/'];
    const codes = await statuses(LIMIT, (index) =>
      request(server)
        .get(routes[index])
        .set(ip)
        .set('x-api-key', tenant.apiKey)
        .set('x-access-secret', tenant.appSecret),
    );
    expect(codes).toEqual(times(LIMIT, 200));
    expectRateLimited(await request(server).get('/.well-known/jwks.json').set(ip));
  });

  it('counts requests without credentials, and answers 429 rather than 401 once over the limit', async () => {
    const ip = { 'x-real-ip': randomClientIp() };
    expect(await statuses(LIMIT, () => request(server).get('/api/health/check').set(ip))).toEqual(times(LIMIT, 401));
    expectRateLimited(await request(server).get('/api/health/check').set(ip));
  });

  describe('every request counts, routed or not, whatever its body (before body parsing)', () => {
    const oversized = JSON.stringify({ request: 'x'.repeat(300_000) });
    it.each([
      ['an unknown route', 404, (ip: Headers) => request(server).get('/api/v2/no/such/route').set(ip)],
      ['the Swagger UI', 200, (ip: Headers) => request(server).get('/docs/').set(ip)],
      ['the OpenAPI document', 200, (ip: Headers) => request(server).get('/docs-json').set(ip)],
      [
        'malformed JSON',
        400,
        (ip: Headers) =>
          request(server).post('/api/v2/flow/ping').set(ip).set('content-type', 'application/json').send('{"a":'),
      ],
      [
        'an oversized body',
        413,
        (ip: Headers) =>
          request(server).post('/api/v2/flow/ping').set(ip).set('content-type', 'application/json').send(oversized),
      ],
    ])('%s', async (_label, status, send) => {
      const ip = { 'x-real-ip': randomClientIp() };
      expect(await statuses(LIMIT, () => send(ip))).toEqual(times(LIMIT, status));
      expectRateLimited(await send(ip));
    });
  });

  describe('IPv6 clients', () => {
    it('are counted once whatever the spelling of their address', async () => {
      const groups = randomClientIp().split(':').slice(2);
      const padded = groups.map((group) => group.padStart(4, '0'));
      const spellings = [
        `2001:db8:${groups.join(':')}`,
        `2001:DB8:${groups.join(':').toUpperCase()}`,
        `2001:0db8:${padded.join(':')}`,
        `2001:0DB8:${padded.join(':').toUpperCase()}`,
        `2001:db8:${padded.join(':')}`,
      ];
      const codes = await statuses(LIMIT, (index) => health({ 'x-real-ip': spellings[index] }));
      expect(codes).toEqual(times(LIMIT, 200));
      expectRateLimited(await health({ 'x-real-ip': spellings[0].toUpperCase() }));
    });

    it('are counted by /64: other addresses of the same network share the count, another network does not', async () => {
      const network = randomClientIp().split(':').slice(0, 4).join(':');
      const host = () => `${network}:${randomClientIp().split(':').slice(4).join(':')}`;
      expect(await statuses(LIMIT, () => health({ 'x-real-ip': host() }))).toEqual(times(LIMIT, 200));
      expectRateLimited(await health({ 'x-real-ip': host() }));
      await health({ 'x-real-ip': randomClientIp() }).expect(200);
    });
  });

  it.each(['/api/health/ready', '/api/health/live'])('exempts the probe %s', async (path) => {
    const ip = { 'x-real-ip': randomClientIp() };
    expect(await statuses(LIMIT + 3, () => request(server).get(path).set(ip))).toEqual(times(LIMIT + 3, 200));
  });

  describe('client IP behind a trusted proxy: cf-connecting-ip, else x-real-ip, else x-forwarded-for', () => {
    it('keys on cf-connecting-ip whatever x-real-ip and x-forwarded-for say', async () => {
      const cf = randomClientIp();
      const codes = await statuses(LIMIT, () =>
        health({ 'cf-connecting-ip': cf, 'x-real-ip': randomClientIp(), 'x-forwarded-for': randomClientIp() }),
      );
      expect(codes).toEqual(times(LIMIT, 200));
      expectRateLimited(await health({ 'cf-connecting-ip': cf, 'x-real-ip': randomClientIp() }));
    });

    it('keys on a fresh cf-connecting-ip even when x-real-ip repeats', async () => {
      const realIp = randomClientIp();
      const codes = await statuses(LIMIT + 1, () =>
        health({ 'cf-connecting-ip': randomClientIp(), 'x-real-ip': realIp }),
      );
      expect(codes).toEqual(times(LIMIT + 1, 200));
    });

    it('keys on x-real-ip without cf-connecting-ip', async () => {
      const realIp = randomClientIp();
      expect(await statuses(LIMIT, () => health({ 'x-real-ip': realIp, 'x-forwarded-for': randomClientIp() }))).toEqual(
        times(LIMIT, 200),
      );
      expectRateLimited(await health({ 'x-real-ip': realIp, 'x-forwarded-for': randomClientIp() }));

      const forwardedFor = randomClientIp();
      const codes = await statuses(LIMIT + 1, () =>
        health({ 'x-real-ip': randomClientIp(), 'x-forwarded-for': forwardedFor }),
      );
      expect(codes).toEqual(times(LIMIT + 1, 200));
    });

    it('walks x-forwarded-for from the right past trusted proxies: the entries a client wrote itself do not count', async () => {
      const client = randomClientIp();
      const spoofedFirst = () => health({ 'x-forwarded-for': `${randomClientIp()}, ${client}, 10.0.0.7` });
      expect(await statuses(LIMIT, spoofedFirst)).toEqual(times(LIMIT, 200));
      expectRateLimited(await spoofedFirst());

      const first = randomClientIp();
      const sameFirst = await statuses(LIMIT + 1, () =>
        health({ 'x-forwarded-for': `${first}, ${randomClientIp()}, 192.168.0.9` }),
      );
      expect(sameFirst).toEqual(times(LIMIT + 1, 200));
    });
  });
});

describe('rate limit for a peer that is not a trusted proxy', () => {
  const LIMIT = 5;
  let t: TestApp;
  let tenant: TestTenant;

  // The tests connect from 127.0.0.1, which this app does not trust. In-process counters even when the suite runs
  // against Redis: a shared counter for that address would carry over between runs and suites.
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXIES: '192.0.2.1', REDIS_URL: '' },
    });
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('ignores the proxy headers it sends: spoofed addresses do not move it to a fresh count', async () => {
    const spoofed = () =>
      request(t.app.getHttpServer()).get('/api/health/check').set('x-api-key', tenant.apiKey).set({
        'cf-connecting-ip': randomClientIp(),
        'x-real-ip': randomClientIp(),
        'x-forwarded-for': randomClientIp(),
      });
    expect(await statuses(LIMIT, spoofed)).toEqual(times(LIMIT, 200));
    expectRateLimited(await spoofed());
  });
});

const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('rate limit shared through Redis (REDIS_URL set)', () => {
  const LIMIT = 5;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // One deployment of two instances: one REDIS_PREFIX, as the suites' own schemas would give each its own.
    const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_PREFIX: `shared-${Date.now()}:` };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts one client across two instances', async () => {
    expect(a.config.REDIS_URL).toBeDefined();
    const ip = { 'x-real-ip': randomClientIp() };
    const jwks = (instance: TestApp) => request(instance.app.getHttpServer()).get('/.well-known/jwks.json').set(ip);
    expect(await statuses(3, () => jwks(a))).toEqual(times(3, 200));
    expect(await statuses(2, () => jwks(b))).toEqual(times(2, 200));
    expectRateLimited(await jwks(b));
    expectRateLimited(await jwks(a));
  });

  it('keeps counting when Redis has forgotten the counting script, as after a restart', async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      await redis.script('FLUSH');
    } finally {
      redis.disconnect();
    }
    const ip = { 'x-real-ip': randomClientIp() };
    const jwks = () => request(a.app.getHttpServer()).get('/.well-known/jwks.json').set(ip);
    const answers = [];
    for (let call = 0; call < LIMIT; call++) answers.push(await jwks());
    expect(answers.map((answer) => answer.status)).toEqual(times(LIMIT, 200));
    expect(answers.map((answer) => Number(answer.headers['x-ratelimit-remaining']))).toEqual([4, 3, 2, 1, 0]);
    expectRateLimited(await jwks());
  });

  it('counts apart for a deployment with another REDIS_PREFIX on the same Redis', async () => {
    const other = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_PREFIX: `other-${Date.now()}:` },
    });
    try {
      const ip = { 'x-real-ip': randomClientIp() };
      const jwks = (instance: TestApp) => request(instance.app.getHttpServer()).get('/.well-known/jwks.json').set(ip);
      expect(await statuses(LIMIT, () => jwks(a))).toEqual(times(LIMIT, 200));
      expectRateLimited(await jwks(a));
      expect(await statuses(LIMIT, () => jwks(other))).toEqual(times(LIMIT, 200));
    } finally {
      await other.close();
    }
  });
});
