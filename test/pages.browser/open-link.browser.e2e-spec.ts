import type { Browser } from 'playwright-core';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { artifactPath, describeInBrowser, launchBrowser } from '../support/browser';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

describeInBrowser('the same-device link page in Chromium', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  async function sameDeviceLink(payload: string): Promise<{ id: string; path: string }> {
    const created = await t
      .http()
      .post('/api/v2/identification/same-device')
      .set(credentials(sandbox))
      .send({ action: 'login', claims: ['naming.name'], payload })
      .expect(201);
    return { id: created.body.data.request.id, path: new URL(created.body.data.link).pathname };
  }

  it('shows who asks and why, offers the app link and a QR code, and runs no injected script', async () => {
    const { path } = await sameDeviceLink('Log in to <b>Acme</b> <img src=x onerror="window.injected=1">');
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);

    await expect(page.locator('#app-name').innerText()).resolves.toBe('Sandbox app');
    await expect(page.locator('#payload').innerText()).resolves.toBe(
      'Log in to <b>Acme</b> <img src=x onerror="window.injected=1">',
    );
    const href = await page.locator('#open-app').getAttribute('href');
    expect(href).toBe(`idflow://flow?code=${path.split('/').pop()}`);
    await expect(page.locator('#qr svg').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => (globalThis as { injected?: number }).injected)).resolves.toBeUndefined();
    await page.screenshot({ path: artifactPath('open-link.png'), fullPage: true });
    await page.close();
  });

  it('animates its QR code: a new frame each second, and the frame on the screen picks the flow up', async () => {
    const { id, path } = await sameDeviceLink('Log in by QR');
    const page = await browser.newPage();
    await page.goto(`${baseUrl}${path}`);
    const drawn = () => page.locator('#qr svg').innerHTML();
    const first = await drawn();
    const deadline = Date.now() + 3000;
    while ((await drawn()) === first && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await drawn()).not.toBe(first);
    // The page draws what GET /api/v2/flow/qr draws: a phone scanning the frame of this second picks the flow up.
    const { frame } = (
      await t.http().get('/api/v2/flow/qr').query({ request: id }).set(credentials(sandbox)).expect(200)
    ).body.data;
    const device = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    expect((await device.post(t.http, '/wallet/v1/flows/pick-up', { code: frame })).status).toBe(201);
    await page.close();
  });

  it('says the link is no longer valid once a device has picked the flow up', async () => {
    const { path } = await sameDeviceLink('Log in');
    const device = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    expect((await device.post(t.http, '/wallet/v1/flows/pick-up', { code: path.split('/').pop() })).status).toBe(201);

    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('This link is no longer valid');
    await expect(page.locator('#open-app').count()).resolves.toBe(0);
    await page.close();
  });
});
