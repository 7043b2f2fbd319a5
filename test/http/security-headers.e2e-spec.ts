import type { Browser } from 'playwright-core';
import { TO_TOP, renderedOperations } from '../support/swagger-ui';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { TestApp, createTestApp } from '../support/test-app';

describe('security headers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectHelmet = (headers: Record<string, string>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toBe('max-age=15552000');
    expect(headers['x-frame-options']).toBeDefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  };
  /** Headers that steer how a browser treats a document: on pages, not on answers for programs. */
  const DOCUMENT_ONLY = [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('are on API answers and refusals: a policy that loads nothing and no framing, without document-only headers', async () => {
    for (const response of [
      await t.http().get('/api/health/live').expect(200),
      await t.http().get('/api/health/check').expect(401),
      await t.http().get('/api/v2/no/such/route').expect(404),
      await t.http().post('/api/v2/flow/ping').set('content-type', 'application/json').send('{"broken').expect(400),
    ]) {
      expectHelmet(response.headers);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      for (const name of DOCUMENT_ONLY) expect(response.headers[name]).toBeUndefined();
    }
  });

  it("are helmet's defaults everywhere else, unknown routes included", async () => {
    for (const response of [
      await t.http().get('/no/such/route').expect(404),
      await t.http().get('/docs-json').expect(200),
      await t.http().get('/.well-known/jwks.json').expect(200),
    ]) {
      expectHelmet(response.headers);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      for (const name of DOCUMENT_ONLY) expect(response.headers[name]).toBeDefined();
    }
  });

  it('let the API and the public keys be read from other origins, and nothing else', async () => {
    const jwks = await t.http().get('/.well-known/jwks.json').expect(200);
    expect(jwks.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await t.http().get('/api/health/live').expect(200);
    expect(api.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await t.http().get('/verify').expect(200);
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("leave a hosted page's own nonce'd policy in place", async () => {
    const page = await t.http().get('/verify').expect(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("default-src 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});

describeInBrowser('Swagger UI under the security headers, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('renders every operation with no policy violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(error.message));
    await page.goto(`${await t.app.getUrl()}/docs`);
    await page.locator('.opblock').first().waitFor();
    const document = (await t.http().get('/docs-json').expect(200)).body as { paths: Record<string, object> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect([...(await renderedOperations(page))].sort()).toEqual(operations.sort());
    await page.evaluate(TO_TOP);
    await page.locator('button.authorize').click();
    await page.locator('.modal-ux').waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });
});
