import type { Browser, Page } from 'playwright-core';
import type * as OpenIdClient from 'openid-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { artifactPath, describeInBrowser, launchBrowser, waitForRedirect } from '../support/browser';
import { LocalServer } from '../support/local-server';
import { authorizationRequest, discover, openid } from '../support/oidc-login';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createListeningTestApp, randomClientIp } from '../support/test-app';

describeInBrowser('Log in with OIDC in Chromium', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let browser: Browser;
  let relyingParty: LocalServer;
  let redirectUri: string;
  let config: OpenIdClient.Configuration;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    sandbox = await bootstrapSandbox(t.app);
    // The app's own callback page: whatever arrives there, the test reads from the browser's address bar.
    relyingParty = await LocalServer.start((_request, response) => response.end('signed in'));
    redirectUri = `${relyingParty.origin}/callback`;
    await t.app.get(TenantsService).updateOidcClient(sandbox.appId, { redirectUris: [redirectUri] });
    config = await discover(`${t.config.BASE_URL}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await relyingParty?.close();
    await t?.close();
  });

  /** A phone-sized page whose script errors and console errors (a CSP violation, say) are collected to be checked. */
  async function phonePage(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      // A client of its own to the rate limit, which suites sharing Redis count together.
      extraHTTPHeaders: { 'x-real-ip': randomClientIp() },
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    return { page, problems };
  }

  it('goes from the click on "Approve as" to the redirect with the code, on a phone-sized screen', async () => {
    const { url, verifier, state, nonce } = await authorizationRequest(config, {
      redirect_uri: redirectUri,
      scope: 'openid naming',
      login_hint: sandbox.testPersons[0].nin,
    });
    const { page, problems } = await phonePage();
    await page.goto(url.href);
    await page.waitForURL(/\/oidc\/interaction\//);

    await expect(page.title()).resolves.toContain('Log in to');
    await expect(page.locator('#nin').inputValue()).resolves.toBe(sandbox.testPersons[0].nin);
    await page.locator('#qr svg').waitFor({ timeout: 5000 });
    await expect(page.locator('#open-app').getAttribute('href')).resolves.toMatch(/^idflow:\/\/qr\?/);
    // Nothing wider than the phone: no sideways scrolling.
    await expect(page.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('oidc-login-phone.png'), fullPage: true });

    const person = sandbox.testPersons[0];
    await page.getByRole('button', { name: `Approve as ${person.name}` }).click();
    // The page follows the flow live, then the provider's resume redirects to the app.
    await waitForRedirect(page, redirectUri);

    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await openid.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()).toMatchObject({ name: person.name });
    expect(problems).toEqual([]);
  });
});
