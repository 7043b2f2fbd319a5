import type * as OpenIdClient from 'openid-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { oauthErrorOf } from '../support/ciba-logins';
import { CookieBrowser } from '../support/cookie-browser';
import { expectUserinfoOnlyWithFreshProof } from '../support/dpop-proofs';
import {
  REDIRECT_URI,
  StartedLogin,
  actInSimulator,
  discover,
  openid,
  requestParameters,
  returnToClient,
} from '../support/oidc-login';
import { bootstrapSandbox, credentials, testPerson } from '../support/sandbox-tenant';
import { TestApp, createListeningTestApp } from '../support/test-app';

const ADAEZE = '10000000001';

describe('FAPI 2.0 Security Profile for an app (openid-client as the relying party)', () => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  let rp: OpenIdClient.Configuration;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    issuer = `${t.config.BASE_URL}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    await t.app
      .get(TenantsService)
      .updateOidcClient(sandbox.appId, { redirectUris: [REDIRECT_URI], oidcProfile: 'fapi2' });
    rp = await discover(issuer, sandbox.appId, { privateKeyPem: sandbox.privateKey });
  });
  afterAll(() => t.close());

  const approveInSimulator = (login: StartedLogin) =>
    actInSimulator(t.http, credentials(sandbox), login, ADAEZE, 'approve');

  it('publishes PAR, DPoP and the iss authorization response parameter in discovery', () => {
    const metadata = rp.serverMetadata();
    expect(metadata.pushed_authorization_request_endpoint).toBe(`${issuer}/request`);
    expect(metadata.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256']));
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
  });

  /** A login through PAR, approved in the simulator, up to the redirect back to the app. */
  const pushedLogin = async (DPoP: OpenIdClient.DPoPHandle, overrides: Record<string, string> = {}) => {
    const { verifier, parameters } = await requestParameters(overrides);
    const url = await openid.buildAuthorizationUrlWithPAR(rp, parameters, { DPoP });
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const browser = new CookieBrowser();
    const { url: pageUrl, response } = await browser.follow(url.href);
    expect(response?.status).toBe(200);
    const login: StartedLogin = {
      browser,
      verifier,
      state: parameters.state,
      nonce: parameters.nonce,
      pageUrl,
      pageHtml: await (response as Response).text(),
    };
    await approveInSimulator(login);
    return { verifier, parameters, callback: await returnToClient(login) };
  };

  it('logs in through PAR with private_key_jwt and DPoP; the access token works at userinfo only with its proof', async () => {
    const dpopKey = await openid.randomDPoPKeyPair('ES256');
    const DPoP = openid.getDPoPHandle(rp, dpopKey);
    const { verifier, parameters, callback } = await pushedLogin(DPoP);
    expect(callback.searchParams.get('iss')).toBe(issuer);
    // Discovery promises the parameter, so a relying party refuses a response without it (RFC 9207 section 2.4).
    const withoutIss = new URL(callback);
    withoutIss.searchParams.delete('iss');
    await expect(
      openid.authorizationCodeGrant(rp, withoutIss, { pkceCodeVerifier: verifier, expectedState: parameters.state }),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('"iss"') } });

    const tokens = await openid.authorizationCodeGrant(
      rp,
      callback,
      { pkceCodeVerifier: verifier, expectedState: parameters.state, expectedNonce: parameters.nonce },
      undefined,
      { DPoP },
    );
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
    const sub = tokens.claims()?.sub as string;
    const userinfo = await openid.fetchUserInfo(rp, tokens.access_token, sub, { DPoP });
    expect(userinfo.given_name).toBe(testPerson(ADAEZE).claims.naming.given);

    await expectUserinfoOnlyWithFreshProof(rp, tokens.access_token, sub, dpopKey);
  });

  it('keeps the refresh token of a fapi2 app (FAPI 2.0 asks for no rotation), and refreshes give DPoP-bound tokens', async () => {
    const DPoP = openid.getDPoPHandle(rp, await openid.randomDPoPKeyPair('ES256'));
    const offline = { scope: 'openid naming offline_access', prompt: 'consent' };
    const { verifier, parameters, callback } = await pushedLogin(DPoP, offline);
    const checks = { pkceCodeVerifier: verifier, expectedState: parameters.state, expectedNonce: parameters.nonce };
    const tokens = await openid.authorizationCodeGrant(rp, callback, checks, undefined, { DPoP });
    const refreshToken = tokens.refresh_token as string;
    expect(refreshToken).toEqual(expect.any(String));
    const first = await openid.refreshTokenGrant(rp, refreshToken, undefined, { DPoP });
    const second = await openid.refreshTokenGrant(rp, refreshToken, undefined, { DPoP });
    expect(first.refresh_token).toBe(refreshToken);
    expect(second.token_type.toLowerCase()).toBe('dpop');
    const userinfo = await openid.fetchUserInfo(rp, second.access_token, tokens.claims()?.sub as string, { DPoP });
    expect(userinfo.given_name).toBe(testPerson(ADAEZE).claims.naming.given);
  });

  it('refuses what the profile forbids: no PAR, plain PKCE, client_secret_basic', async () => {
    // An authorization request straight to the endpoint, without PAR, goes back with invalid_request.
    const { parameters } = await requestParameters();
    const direct = await new CookieBrowser().follow(openid.buildAuthorizationUrl(rp, parameters).href, REDIRECT_URI);
    const answer = new URL(direct.url);
    expect(answer.searchParams.get('error')).toBe('invalid_request');
    expect(answer.searchParams.get('error_description')).toContain('Pushed Authorization Request must be used');

    const plain = await requestParameters({ code_challenge_method: 'plain' });
    await expect(oauthErrorOf(openid.buildAuthorizationUrlWithPAR(rp, plain.parameters))).resolves.toBe(
      'invalid_request',
    );

    const withSecret = await discover(issuer, sandbox.appId, { secret: sandbox.appSecret });
    await expect(
      oauthErrorOf(openid.buildAuthorizationUrlWithPAR(withSecret, (await requestParameters()).parameters)),
    ).resolves.toBe('invalid_client');
  });
});
