import type { Browser } from 'playwright-core';
import type * as OpenIdClient from 'openid-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { describeInBrowser, launchBrowser, waitForRedirect } from '../support/browser';
import { expectUserinfoOnlyWithFreshProof } from '../support/dpop-proofs';
import { LocalServer } from '../support/local-server';
import { discover, openid, requestParameters } from '../support/oidc-login';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createListeningTestApp, randomClientIp } from '../support/test-app';

describeInBrowser('FAPI 2.0 login in Chromium (openid-client as the relying party)', () => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  let browser: Browser;
  let relyingParty: LocalServer;
  let redirectUri: string;
  let rp: OpenIdClient.Configuration;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    issuer = `${t.config.BASE_URL}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    // The app's own callback page: whatever arrives there, the test reads from the browser's address bar.
    relyingParty = await LocalServer.start((_request, response) => response.end('signed in'));
    redirectUri = `${relyingParty.origin}/callback`;
    await t.app
      .get(TenantsService)
      .updateOidcClient(sandbox.appId, { redirectUris: [redirectUri], oidcProfile: 'fapi2' });
    rp = await discover(issuer, sandbox.appId, { privateKeyPem: sandbox.privateKey });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await relyingParty?.close();
    await t?.close();
  });

  it('logs in through PAR with private_key_jwt and DPoP; the token works at userinfo only with a fresh proof of its key', async () => {
    const person = sandbox.testPersons[0];
    const dpopKey = await openid.randomDPoPKeyPair('ES256');
    const DPoP = openid.getDPoPHandle(rp, dpopKey);
    const { verifier, parameters } = await requestParameters({ redirect_uri: redirectUri, login_hint: person.nin });
    const { state, nonce } = parameters;
    const url = await openid.buildAuthorizationUrlWithPAR(rp, parameters, { DPoP });
    // Only the pushed request's handle travels through the browser.
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);

    // A client of its own to the rate limit, which suites sharing Redis count together.
    const page = await browser.newPage({ extraHTTPHeaders: { 'x-real-ip': randomClientIp() } });
    await page.goto(url.href);
    await page.waitForURL(/\/oidc\/interaction\//);
    await expect(page.locator('#nin').inputValue()).resolves.toBe(person.nin);
    await page.getByRole('button', { name: `Approve as ${person.name}` }).click();
    await waitForRedirect(page, redirectUri);

    const callback = new URL(page.url());
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await openid.authorizationCodeGrant(
      rp,
      callback,
      { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
      undefined,
      { DPoP },
    );
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
    const sub = tokens.claims()?.sub as string;
    const userinfo = await openid.fetchUserInfo(rp, tokens.access_token, sub, { DPoP });
    expect(userinfo.name).toBe(person.name);

    await expectUserinfoOnlyWithFreshProof(rp, tokens.access_token, sub, dpopKey);
  });
});
