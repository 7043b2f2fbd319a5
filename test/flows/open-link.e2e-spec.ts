import type { Response } from 'supertest';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { SCOPES } from '../../src/tenants/scopes';
import { TenantsService } from '../../src/tenants/tenants.service';
import { CreatedFlow, IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

const APP_NAME = `Acme <b>Shop</b> & "Sons" 'Ltd'`;
const PAYLOAD = `Log in to Acme <script>window.pwned = 1</script> <img src=x onerror="alert('x')">`;
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The nonce the page's CSP allows, which must be the one its own script and style carry. */
function cspNonce(response: Response): string {
  const csp = response.headers['content-security-policy'];
  expect(csp).toMatch(
    /^default-src 'none'; style-src 'nonce-[^']+'; script-src 'nonce-[^']+'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
  );
  // No other site may frame the page and trick a person into pressing its button (older browsers read this one).
  expect(response.headers['x-frame-options']).toBe('DENY');
  return /script-src 'nonce-([^']+)'/.exec(csp)?.[1] as string;
}

/** `{OPEN_URL}/open/:code`, the page behind a same-device link (DESIGN section 5), over plain HTTP. */
describe('the same-device link page', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    // An app whose name is markup, so the page has to escape what the operator typed as well as what the caller sent.
    const tenants = t.app.get(TenantsService);
    const consumer = await tenants.createConsumer('Acme');
    const { app, appSecret } = await tenants.createApp({
      consumerId: consumer.id,
      name: APP_NAME,
      environment: 'sandbox',
      scopes: [...SCOPES],
    });
    const { apiKey } = await tenants.createApiKey(app.id);
    integrator = new IntegratorClient(t.http, { apiKey, appSecret });
  });
  afterAll(() => t.close());

  const open = (flow: CreatedFlow) => t.http().get(`/open/${flow.linkCode}`);
  const start = (payload = PAYLOAD) =>
    integrator.start('same-device', { action: 'login', claims: ['naming.name'], payload });

  it('answers 200 HTML naming the app and the payload, escaped, under a strict CSP', async () => {
    const flow = await start();
    expect(flow.body.data.link).toBe(`${t.config.OPEN_URL}/open/${flow.linkCode}`);
    const page = await open(flow);

    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.text;
    expect(html).toContain(`<strong id="app-name">${escaped(APP_NAME)}</strong> asks you to log in:`);
    expect(html).toContain(`<p class="payload" id="payload">${escaped(PAYLOAD)}</p>`);
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<b>Shop</b>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(`href="idflow://flow?code=${flow.linkCode}"`);

    // The only script and style on the page are the page's own, and they carry the nonce the CSP allows.
    const nonce = cspNonce(page);
    expect(html.match(/<script\b[^>]*>/g)).toEqual([`<script nonce="${nonce}">`]);
    expect(html.match(/<style\b[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
    expect(cspNonce(await open(flow))).not.toBe(nonce);

    // Looking at the page does not pick the flow up.
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'pending', onsession: false });
  });

  it('answers 404 HTML once a device has picked the flow up, and for a flow that ended', async () => {
    const picked = await start('Log in');
    const phone = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    expect((await phone.post(t.http, '/wallet/v1/flows/pick-up', { code: picked.linkCode })).status).toBe(201);
    const cancelled = await start('Log in');
    expect((await integrator.cancel(cancelled.id)).status).toBe(201);

    for (const flow of [picked, cancelled]) {
      const page = await open(flow);
      expect(page.status).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('This link is no longer valid');
      expect(page.text).not.toContain('Log in');
      expect(page.text).not.toContain(escaped(APP_NAME));
      cspNonce(page);
    }
  });

  it('answers 404 HTML once the flow has expired', async () => {
    const flow = await start('Log in');
    const realNow = Date.now.bind(Date);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 301_000);
    const page = await open(flow);
    clock.mockRestore();
    expect(page.status).toBe(404);
    expect(page.text).toContain('This link is no longer valid');
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'expired', cancelled: true });
  });

  it('answers 404 HTML for a code nobody issued, and does not echo it', async () => {
    // The last one is longer than any QR code can hold.
    for (const code of ['A'.repeat(32), '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'A'.repeat(8000)]) {
      const page = await t.http().get(`/open/${code}`);
      expect(page.status).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('This link is no longer valid');
      expect(page.text).not.toContain('<script>alert');
    }
  });
});
