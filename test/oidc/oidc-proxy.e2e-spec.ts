import { createPrivateKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { REDIRECT_URI } from '../support/oidc-login';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createListeningTestApp } from '../support/test-app';

/** What a proxy in front of idflow says about the request it forwards: the public scheme and host. */
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

/** Requests come from the loopback address: trusted by default, not when TRUSTED_PROXIES names another peer. */
describe.each([
  ['a peer that is no trusted proxy', { TRUSTED_PROXIES: '192.0.2.10' }, false],
  ['a trusted proxy', {}, true],
])("the OpenID provider's view of a request from %s", (_peer, env: Record<string, string>, believed: boolean) => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  const forwardedOrigin = 'https://evil.example';

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin, ...env }));
    issuer = `${t.config.BASE_URL}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    await t.app.get(TenantsService).updateOidcClient(sandbox.appId, { redirectUris: [REDIRECT_URI] });
  });
  afterAll(() => t.close());

  const endpointOrigin = () => (believed ? forwardedOrigin : t.config.BASE_URL);

  it(`${believed ? 'follows' : 'ignores'} X-Forwarded-Proto and X-Forwarded-Host in discovery`, async () => {
    const discovery = await t.http().get('/oidc/.well-known/openid-configuration').set(FORWARDED).expect(200);
    expect(discovery.body.issuer).toBe(issuer);
    expect(discovery.body.token_endpoint).toBe(`${endpointOrigin()}/oidc/token`);
    expect(discovery.body.authorization_endpoint).toBe(`${endpointOrigin()}/oidc/auth`);
  });

  it(`${believed ? 'accepts' : 'refuses'} a private_key_jwt assertion addressed to the forwarded token endpoint`, async () => {
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(sandbox.appId)
      .setSubject(sandbox.appId)
      .setAudience(`${forwardedOrigin}/oidc/token`)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(createPrivateKey(sandbox.privateKey));
    const answer = await t
      .http()
      .post('/oidc/token')
      .set(FORWARDED)
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code: 'no-such-code',
        redirect_uri: REDIRECT_URI,
        code_verifier: 'v'.repeat(43),
        client_id: sandbox.appId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      });
    // The client is authenticated before its grant is read: a bad assertion is invalid_client, a good one reaches the
    // unknown code.
    expect({ status: answer.status, error: answer.body.error }).toEqual(
      believed ? { status: 400, error: 'invalid_grant' } : { status: 401, error: 'invalid_client' },
    );
  });
});
