import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { Flow } from '../../src/flows/flow.entity';
import { TestApp, createTestApp } from '../support/test-app';
import { TestTenant, createTenant } from '../support/tenant-factory';

const LOGIN = JSON.stringify({ action: 'login', claims: ['naming.name'], payload: 'Log in to Acme' });

/** A body in the wrong media type (415), a known path with the wrong method (405 and Allow), OPTIONS on a route. */
describe('requests a route does not take', () => {
  let t: TestApp;
  /** The key and secret of a tenant of the app's own. */
  let tenant: Pick<TestTenant, 'apiKey' | 'appSecret'>;

  beforeAll(async () => {
    t = await createTestApp();
    const { apiKey, appSecret } = await createTenant(t.app);
    tenant = { apiKey, appSecret };
  });
  afterAll(() => t.close());

  const keySecret = () => ({ 'x-api-key': tenant.apiKey, 'x-access-secret': tenant.appSecret });
  const flowCount = () => t.app.get(DataSource).getRepository(Flow).count();

  describe('415 for a body that is not JSON on a JSON route', () => {
    it.each([
      ['text/plain', 'text/plain'],
      ['a form post', 'application/x-www-form-urlencoded'],
    ])('%s: the failed envelope names application/json, and no flow is made', async (_name, type) => {
      const before = await flowCount();
      const response = await t
        .http()
        .post('/api/v2/identification/same-device')
        .set(keySecret())
        .set('content-type', type)
        .send(LOGIN);
      expect(response.status).toBe(415);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({
        status: 'failed',
        reason: expect.stringContaining('Content-Type: application/json'),
        version: 'v2',
        data: { accepted: ['application/json'] },
      });
      expect(await flowCount()).toBe(before);
    });

    it('a body without any Content-Type is refused the same way', async () => {
      const response = await t
        .http()
        .post('/api/v2/flow/ping')
        .set(keySecret())
        .set('content-type', '')
        .send(Buffer.from(JSON.stringify({ request: 'req_x' })));
      expect(response.status).toBe(415);
      expect(response.body.data).toEqual({ accepted: ['application/json'] });
    });

    it('the same body as JSON is taken, with a charset too', async () => {
      await t
        .http()
        .post('/api/v2/identification/same-device')
        .set(keySecret())
        .set('content-type', 'application/json; charset=utf-8')
        .send(LOGIN)
        .expect(201);
    });

    it('a route that reads PDFs takes them (POST /verify), and names both types to anything else', async () => {
      const pdf = readFileSync(join(__dirname, '..', '..', 'docs', 'sample-contract.pdf'));
      const verified = await t.http().post('/verify').set('content-type', 'application/pdf').send(pdf);
      expect(verified.status).toBe(200);
      expect(verified.body.data.result).toBe('unknown');
      const refused = await t.http().post('/verify').set('content-type', 'text/plain').send('hello');
      expect(refused.status).toBe(415);
      expect(refused.body.data).toEqual({ accepted: ['application/json', 'application/pdf'] });
    });

    it('a request without a body is not asked for a type', async () => {
      await t
        .http()
        .get('/api/health/check')
        .set('x-api-key', tenant.apiKey)
        .set('content-type', 'text/plain')
        .expect(200);
    });
  });

  describe('405 and Allow for a known path asked with another method', () => {
    it('GET on a POST route', async () => {
      const response = await t.http().get('/api/v2/flow/ping').set(keySecret());
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('OPTIONS, POST');
      expect(response.body).toEqual({
        status: 'failed',
        reason: 'This path does not take GET; it takes OPTIONS, POST',
        version: 'v2',
      });
    });

    it('a path with a parameter, and the methods of every route at that path', async () => {
      const response = await t.http().delete('/admin/apps/app_000000000000000000000000/keys');
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS, POST');
    });

    it('HEAD on a GET route is answered as GET is, without a body', async () => {
      const response = await t.http().head('/api/health/check').set('x-api-key', tenant.apiKey);
      expect(response.status).toBe(200);
    });

    it('OPTIONS on a route outside the API lists its methods', async () => {
      const response = await t.http().options('/admin/consumers');
      expect(response.status).toBe(204);
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS, POST');
    });

    it('an unknown path is still 404', async () => {
      const response = await t.http().get('/api/v2/no-such-route');
      expect(response.status).toBe(404);
      expect(response.headers.allow).toBeUndefined();
      expect(response.body.reason).toBe('No such route');
    });
  });
});
