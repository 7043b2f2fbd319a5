import { generateKeyPairSync } from 'node:crypto';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type * as OpenIdClient from 'openid-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { oauthErrorOf } from '../support/ciba-logins';
import { LocalServer } from '../support/local-server';
import {
  REDIRECT_URI,
  actInSimulator,
  confirmLogout,
  discover,
  openid,
  returnToClient,
  startLogin,
} from '../support/oidc-login';
import { bootstrapSandbox, credentials, testPerson } from '../support/sandbox-tenant';
import { selfSignedCertificate } from '../support/self-signed-certificate';
import { TestApp, createListeningTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

const ADAEZE = '10000000001';

describe('OIDC refresh tokens, logout and app key sets (openid-client as the relying party)', () => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  let rp: OpenIdClient.Configuration;
  let appServer: LocalServer;
  const logoutTokens: string[] = [];
  /** The key set the app publishes at its jwks_uri, and how often idflow fetched it. */
  let publishedKeys: object[] = [];
  let keySetFetches = 0;
  const tenants = () => t.app.get(TenantsService);

  beforeAll(async () => {
    // The app's own endpoints are https, with a certificate the service is made to trust.
    const certificate = selfSignedCertificate(['127.0.0.1']);
    setDefaultCACertificates([...getCACertificates('default'), certificate.cert]);
    appServer = await LocalServer.start(
      (request, response, body) => {
        if (request.url === '/backchannel-logout') {
          logoutTokens.push(new URLSearchParams(body.toString('utf8')).get('logout_token') as string);
          response.statusCode = 200;
          response.end();
          return;
        }
        keySetFetches++;
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'max-age=300');
        response.end(JSON.stringify({ keys: publishedKeys }));
      },
      { tls: certificate },
    );
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin, ALLOW_PRIVATE_URLS: 'true' }));
    issuer = `${t.config.BASE_URL}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    await tenants().updateOidcClient(sandbox.appId, {
      redirectUris: [REDIRECT_URI],
      backchannelLogoutUri: `${appServer.origin}/backchannel-logout`,
    });
    rp = await discover(issuer, sandbox.appId, { secret: sandbox.appSecret });
  });
  afterAll(async () => {
    await t.close();
    await appServer.close();
  });

  /** A person logged in through the simulator, and the tokens the app got for it. */
  const loggedIn = async (parameters: Record<string, string> = {}) => {
    const login = await startLogin(rp, parameters);
    await actInSimulator(t.http, credentials(sandbox), login, ADAEZE, 'approve');
    const tokens = await openid.authorizationCodeGrant(rp, await returnToClient(login), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    });
    return { login, tokens };
  };
  const offline = { scope: 'openid naming offline_access', prompt: 'consent' };
  const refresh = (refreshToken: string) => openid.refreshTokenGrant(rp, refreshToken);

  it('rotates refresh tokens: each refresh gives a new one, and the old one, used again, ends the whole grant', async () => {
    const { tokens } = await loggedIn(offline);
    const first = tokens.refresh_token as string;
    const refreshed = await refresh(first);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(first);
    const sub = tokens.claims()?.sub as string;
    const userinfo = await openid.fetchUserInfo(rp, refreshed.access_token, sub);
    expect(userinfo.given_name).toBe(testPerson(ADAEZE).claims.naming.given);
    const again = await refresh(refreshed.refresh_token as string);

    // The first token, replayed (say, stolen): refused, and everything of that grant with it (RFC 9700 4.14.2).
    await expect(oauthErrorOf(refresh(first))).resolves.toBe('invalid_grant');
    await expect(oauthErrorOf(refresh(again.refresh_token as string))).resolves.toBe('invalid_grant');
    await expect(oauthErrorOf(openid.fetchUserInfo(rp, again.access_token, sub))).resolves.toBe('invalid_token');
  });

  it('logs out when the app asks, and posts the app a logout token for that session, signed by the provider', async () => {
    const { login, tokens } = await loggedIn();
    const idToken = tokens.claims() as { sub: string; sid?: string };
    expect(idToken.sid).toEqual(expect.any(String));
    const logout = openid.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: REDIRECT_URI,
    });
    const before = logoutTokens.length;
    expect((await confirmLogout(login.browser, logout)).status).toBe(303);

    // Delivered before the browser is sent back (OpenID Connect Back-Channel Logout 1.0 section 2.4).
    expect(logoutTokens).toHaveLength(before + 1);
    const jwks = createRemoteJWKSet(new URL(rp.serverMetadata().jwks_uri as string));
    const { payload, protectedHeader } = await jwtVerify(logoutTokens[before], jwks, {
      issuer,
      audience: sandbox.appId,
    });
    expect(protectedHeader.typ).toBe('logout+jwt');
    expect(payload).toMatchObject({
      sub: idToken.sub,
      sid: idToken.sid,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      jti: expect.any(String),
    });
    expect(payload).not.toHaveProperty('nonce');
    // Logged out of the provider as well: the grant, and so its access token, is gone.
    await expect(oauthErrorOf(openid.fetchUserInfo(rp, tokens.access_token, idToken.sub))).resolves.toBe(
      'invalid_token',
    );
  });

  it('keeps offline_access grants across a logout, as OIDC Core means offline access, still rotating them', async () => {
    const { login, tokens } = await loggedIn(offline);
    const logout = openid.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token as string });
    expect((await confirmLogout(login.browser, logout)).status).toBe(303);
    const refreshed = await refresh(tokens.refresh_token as string);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('registers a back-channel logout URI and a jwks_uri through the admin API, https only', async () => {
    const admin = (body: object) =>
      t.http().patch(`/admin/apps/${sandbox.appId}`).set('authorization', `Bearer ${ADMIN_TOKEN}`).send(body);
    const refused = await admin({ backchannelLogoutUri: 'http://acme.example/logout', jwksUri: 'not a url' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: ['backchannelLogoutUri'], message: 'http://acme.example/logout must use https' }),
      expect.objectContaining({ path: ['jwksUri'], message: 'not a url is not an absolute URL' }),
    ]);
    const registered = await admin({ jwksUri: 'https://acme.example/jwks.json' });
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({
      backchannelLogoutUri: `${appServer.origin}/backchannel-logout`,
      jwksUri: 'https://acme.example/jwks.json',
    });
    expect((await admin({ jwksUri: null })).body.data.jwksUri).toBeNull();
  });

  it("authenticates an app by a key its jwks_uri publishes, fetched once while the answer's max-age lasts", async () => {
    const rotated = generateKeyPairSync('rsa', { modulusLength: 2048 });
    publishedKeys = [{ ...rotated.publicKey.export({ format: 'jwk' }), use: 'sig', kid: 'app-key-2' }];
    await tenants().updateOidcClient(sandbox.appId, { jwksUri: `${appServer.origin}/jwks.json` });
    try {
      const withPublished = await discover(issuer, sandbox.appId, {
        privateKeyPem: rotated.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      });
      const pushed = async (config: OpenIdClient.Configuration) =>
        openid.buildAuthorizationUrlWithPAR(config, {
          redirect_uri: REDIRECT_URI,
          scope: 'openid',
          code_challenge: await openid.calculatePKCECodeChallenge(openid.randomPKCECodeVerifier()),
          code_challenge_method: 'S256',
        });
      const fetchesBefore = keySetFetches;
      await expect(pushed(withPublished)).resolves.toBeInstanceOf(URL);
      await expect(pushed(withPublished)).resolves.toBeInstanceOf(URL);
      expect(keySetFetches).toBe(fetchesBefore + 1);

      // The key registered with the app no longer authenticates it: the published set replaces it.
      const withRegistered = await discover(issuer, sandbox.appId, { privateKeyPem: sandbox.privateKey });
      await expect(oauthErrorOf(pushed(withRegistered))).resolves.toBe('invalid_client');
    } finally {
      await tenants().updateOidcClient(sandbox.appId, { jwksUri: null });
    }
  });

  it('fetches a jwks_uri through the outbound guard: one on a private address is never asked, and the app is refused', async () => {
    const guarded = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    try {
      const bank = await bootstrapSandbox(guarded.app);
      await guarded.app.get(TenantsService).updateOidcClient(bank.appId, {
        redirectUris: [REDIRECT_URI],
        jwksUri: `${appServer.origin}/jwks.json`,
      });
      const client = await discover(`${guarded.config.BASE_URL}/oidc`, bank.appId, { privateKeyPem: bank.privateKey });
      const fetchesBefore = keySetFetches;
      const pushed = openid.buildAuthorizationUrlWithPAR(client, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        code_challenge: await openid.calculatePKCECodeChallenge(openid.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      await expect(oauthErrorOf(pushed)).resolves.toBe('invalid_client');
      expect(keySetFetches).toBe(fetchesBefore);
    } finally {
      await guarded.close();
    }
  });
});
