import { createRemoteJWKSet, jwtVerify } from 'jose';
import type * as OpenIdClient from 'openid-client';
import { TenantsService } from '../src/tenants/tenants.service';
import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { bootstrapSandbox, credentials, testPerson } from './support/sandbox-tenant';
import { freePort } from './support/service-process';
import { TestApp, createTestApp } from './support/test-app';
import { REDIRECT_URI, discover, openid, progressOf, returnToClient, startLogin } from './support/oidc-login';

const ADAEZE = '10000000001';

describe('Log in with OIDC (openid-client as the relying party)', () => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  let secretClient: OpenIdClient.Configuration;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ env: { BASE_URL: `http://127.0.0.1:${port}` } });
    await t.app.listen(port, '127.0.0.1');
    issuer = `http://127.0.0.1:${port}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    await t.app.get(TenantsService).updateOidcClient(sandbox.appId, { redirectUris: [REDIRECT_URI] });
    secretClient = await discover(issuer, sandbox.appId, { secret: sandbox.appSecret });
  });
  afterAll(() => t.close());

  /** Approves the login through the simulator: the test person's virtual device scans the page's QR code. */
  const approveInSimulator = async (login: Awaited<ReturnType<typeof startLogin>>) => {
    const { link } = await progressOf(login);
    const scanned = await t
      .http()
      .post('/api/v2/sandbox/scan')
      .set(credentials(sandbox))
      .send({ code: link, nin: ADAEZE });
    expect(scanned.status).toBe(201);
    const flowId = scanned.body.data.request.id as string;
    await t
      .http()
      .post(`/api/v2/sandbox/flows/${flowId}/approve`)
      .set(credentials(sandbox))
      .send({ nin: ADAEZE })
      .expect(201);
  };

  it('publishes its discovery document: code flow only, PKCE S256, the claim-group scopes', async () => {
    const metadata = secretClient.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'naming', 'contact', 'address', 'financial']),
    );
    expect(metadata.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(['RS256', 'ES256', 'EdDSA']));
    const jwks = (await (await fetch(metadata.jwks_uri as string)).json()) as { keys: Array<{ kid: string }> };
    const published = await t.http().get('/.well-known/jwks.json').expect(200);
    expect(jwks.keys.map((key: { kid: string }) => key.kid).sort()).toEqual(
      published.body.keys.map((key: { kid: string }) => key.kid).sort(),
    );
  });

  it('logs a test person in through the simulator: code, ID token on the JWKS, userinfo with standard and nested claims', async () => {
    const login = await startLogin(secretClient);
    expect(login.pageHtml).toContain('Log in to');
    await approveInSimulator(login);
    const callback = await returnToClient(login);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const tokens = await openid.authorizationCodeGrant(secretClient, callback, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    });
    const jwks = createRemoteJWKSet(new URL(secretClient.serverMetadata().jwks_uri as string));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token as string, jwks, {
      issuer,
      audience: sandbox.appId,
    });
    expect(protectedHeader.alg).toBe('RS256');
    const person = testPerson(ADAEZE);
    expect(payload).toMatchObject({
      nonce: login.nonce,
      given_name: person.claims.naming.given,
      email: person.claims.contact.email,
      claims: { naming: { given: person.claims.naming.given }, contact: { email: person.claims.contact.email } },
    });

    const userinfo = await openid.fetchUserInfo(secretClient, tokens.access_token, payload.sub as string);
    expect(userinfo).toMatchObject({
      sub: payload.sub,
      name: person.claims.naming.name,
      family_name: person.claims.naming.family,
      email_verified: person.claims.contact.emailVerified,
      claims: { naming: person.claims.naming, contact: person.claims.contact },
    });
    expect(userinfo).not.toHaveProperty('birthdate');
  });
});
