import type { Browser, Page } from 'playwright-core';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { artifactPath, describeInBrowser, launchBrowser } from '../support/browser';
import { databaseFree } from '../support/database-free';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

databaseFree(describeInBrowser)("Swagger UI's Authorize and Try it out, in Chromium", () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    await t.app.listen(0, '127.0.0.1');
    browser = await launchBrowser();
    // Swagger UI lays out only the operations near the viewport once a document holds 150 tags and operations (a list
    // it virtualizes): a window tall enough holds them all.
    page = await browser.newPage({ viewport: { width: 1280, height: 12_000 } });
    await page.goto(`${await t.app.getUrl()}/docs`);
    await page.locator('.opblock').first().waitFor();
    // BASE_URL is a public address this test does not listen on: try the operations where the page came from.
    await page.locator('.servers select').selectOption('/');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Fills one scheme of the Authorize dialog and authorizes it. */
  async function authorize(scheme: string, value: string): Promise<void> {
    const container = page.locator('.auth-container').filter({ hasText: `${scheme} (apiKey)` });
    await container.locator('input').fill(value);
    await container.locator('button.authorize').click();
  }

  /** Runs an operation with "Try it out", with this JSON body when it takes one; answers the status shown. */
  async function tryItOut(method: string, path: string, body?: object): Promise<{ status: number; text: string }> {
    const operation = page.locator(`.opblock-${method}`).filter({
      has: page.locator(`[data-path="${path}"]`),
    });
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    if (body) await operation.locator('textarea.body-param__text').fill(JSON.stringify(body));
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor();
    const text = await operation
      .locator('.live-responses-table .response .response-col_description')
      .first()
      .innerText();
    return { status: Number((await status.innerText()).trim()), text };
  }

  it('holds key, secret and token once, and a v2 create, a ping and a v1 route work from it', async () => {
    const token = await new IntegratorClient(t.http, {
      apiKey: sandbox.apiKey,
      appSecret: sandbox.appSecret,
    }).authorize();
    await page.locator('button.authorize').first().click();
    await authorize('apiKey', sandbox.apiKey);
    await authorize('appSecret', sandbox.appSecret);
    await authorize('accessToken', token);
    await page.locator('button.close-modal').click();

    const created = await tryItOut('post', '/api/v2/identification/same-device', {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in from Swagger',
    });
    expect(created.status).toBe(201);
    const id = /"id": "(req_[0-9A-Za-z]+)"/.exec(created.text)?.[1];
    expect(id).toBeDefined();

    const pinged = await tryItOut('post', '/api/v2/flow/ping', { request: id });
    expect(pinged.status).toBe(200);
    expect(pinged.text).toContain('"status": "pending"');

    const v1 = await tryItOut('post', '/api/v1/flow/ping', { request: id });
    expect(v1.status).toBe(200);
    await page
      .locator('.opblock-post')
      .filter({ has: page.locator('[data-path="/api/v1/flow/ping"]') })
      .screenshot({ path: artifactPath('swagger-try-it-out.png') });
  });
});
