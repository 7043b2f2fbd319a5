import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type * as OpenIdClient from 'openid-client';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/billing/usage-record.entity';
import { UsageMeter } from '../../src/billing/usage.meter';
import { InteractionSessionCookies1764970000000 } from '../../src/database/migrations/portable/1764970000000-InteractionSessionCookies';
import { OidcRecordDigests1764870000000 } from '../../src/database/migrations/portable/1764870000000-OidcRecordDigests';
import { ID_TOKEN_SIGNING_ALGS } from '../../src/tenants/id-token-signing-alg';
import { OidcProviderService } from '../../src/oidc/oidc-provider.service';
import { OidcRecord } from '../../src/oidc/oidc-record.entity';
import { TenantsService } from '../../src/tenants/tenants.service';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { CookieBrowser } from '../support/cookie-browser';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, credentials, enrolledDevice, testPerson } from '../support/sandbox-tenant';
import { SseClient, SseEvent } from '../support/sse-client';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createListeningTestApp } from '../support/test-app';
import {
  REDIRECT_URI,
  StartedLogin,
  actInSimulator,
  authorizationRequest,
  discover,
  openid,
  progressOf,
  returnToClient,
  startLogin,
} from '../support/oidc-login';

const ADAEZE = '10000000001';

describe('Log in with OIDC (openid-client as the relying party)', () => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  let secretClient: OpenIdClient.Configuration;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    issuer = `${t.config.BASE_URL}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    await t.app.get(TenantsService).updateOidcClient(sandbox.appId, { redirectUris: [REDIRECT_URI] });
    secretClient = await discover(issuer, sandbox.appId, { secret: sandbox.appSecret });
  });
  afterAll(() => t.close());

  const act = (login: StartedLogin, action: 'approve' | 'reject') =>
    actInSimulator(t.http, credentials(sandbox), login, ADAEZE, action);
  const approveInSimulator = (login: StartedLogin) => act(login, 'approve');

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

  it('logs a person in through the Wallet API with a real device key, and the app exchanges the code with private_key_jwt', async () => {
    const device = await enrolledDevice(t.app, t.http, '10000000002');
    const jwtClient = await discover(issuer, sandbox.appId, { privateKeyPem: sandbox.privateKey });
    const login = await startLogin(jwtClient, { scope: 'openid bio' });
    const { link } = await progressOf(login);
    const picked = await device.post(t.http, '/wallet/v1/flows/pick-up', { code: link });
    expect(picked.status).toBe(201);
    const flowId = picked.body.data.flow.id as string;
    expect(picked.body.data.flow.requestedClaims).toEqual(expect.arrayContaining(['bio.birthdate', 'bio.gender']));
    await device.post(t.http, `/wallet/v1/flows/${flowId}/approve`, { claims: ['bio.birthdate'] }).then((answer) => {
      expect(answer.status).toBe(201);
    });
    const callback = await returnToClient(login);
    const tokens = await openid.authorizationCodeGrant(jwtClient, callback, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ birthdate: testPerson('10000000002').claims.bio.birthdate });
    // Only what the person released: they left gender out.
    expect(claims).not.toHaveProperty('gender');
    expect(claims?.claims).toEqual({ bio: { birthdate: testPerson('10000000002').claims.bio.birthdate } });
  });

  it('sends the browser back with access_denied when the person declines', async () => {
    const login = await startLogin(secretClient);
    await act(login, 'reject');
    const callback = await returnToClient(login);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(login.state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  /**
   * Runs `action` as if `seconds` had passed, on idflow's clock; the provider, loaded outside jest's sandbox, keeps
   * real time, in which its login is as young as it really is.
   */
  const afterSeconds = async <T>(seconds: number, action: () => Promise<T>): Promise<T> => {
    const realNow = Date.now.bind(Date);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + seconds * 1000);
    try {
      return await action();
    } finally {
      clock.mockRestore();
    }
  };

  it("sends the browser back with access_denied once the login's flow has expired", async () => {
    const login = await startLogin(secretClient);
    // The page, still open a second after the flow's lifetime, finds it expired at its next poll.
    const callback = await afterSeconds(t.config.FLOW_TTL_SECONDS + 1, () => returnToClient(login));
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The identification was expired',
      state: login.state,
      iss: issuer,
    });
  });

  it('gives a login pushed late a flow that expires while its page can still send the browser back', async () => {
    const pageSeconds = t.app.get(OidcProviderService).interactionTtlSeconds;
    const login = await startLogin(secretClient);
    // Pushed with less of the page's life left than a flow's lifetime, then followed to half a minute before it ends.
    const pushAt = pageSeconds - t.config.FLOW_TTL_SECONDS / 2;
    const pushed = await afterSeconds(pushAt, () =>
      login.browser.request(`${login.pageUrl}/push`, { json: { nin: ADAEZE } }),
    );
    expect(pushed.status).toBe(201);
    const callback = await afterSeconds(pageSeconds - 30, () => returnToClient(login));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(login.state);
  });

  it('approves as a sandbox test person from the page, and a cancelled login is access_denied', async () => {
    const approved = await startLogin(secretClient);
    expect(approved.pageHtml).toContain('Approve as');
    const { link } = await progressOf(approved);
    const answer = await approved.browser.request(`${approved.pageUrl}/sandbox-approve`, { json: { nin: ADAEZE } });
    expect(answer.status).toBe(201);
    expect((await returnToClient(approved)).searchParams.get('code')).toBeTruthy();
    // The test person's phone picked up the flow of the QR code shown: no other scan can win it.
    const lateScan = await t
      .http()
      .post('/api/v2/sandbox/scan')
      .set(credentials(sandbox))
      .send({ code: link, nin: ADAEZE });
    expect(lateScan.status).not.toBe(201);

    const cancelled = await startLogin(secretClient);
    const cancel = await cancelled.browser.request(`${cancelled.pageUrl}/cancel`, { json: {} });
    expect(cancel.status).toBe(201);
    expect((await returnToClient(cancelled)).searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a reused code, a wrong client secret, a missing PKCE challenge and an unregistered redirect URI', async () => {
    const login = await startLogin(secretClient);
    await approveInSimulator(login);
    const callback = await returnToClient(login);
    const checks = { pkceCodeVerifier: login.verifier, expectedState: login.state, expectedNonce: login.nonce };

    const wrongSecret = await discover(issuer, sandbox.appId, { secret: `${sandbox.appSecret}x` });
    // Basic authentication refused: a 401 with a challenge naming invalid_client (RFC 6749 5.2).
    await expect(openid.authorizationCodeGrant(wrongSecret, callback, checks)).rejects.toMatchObject({
      status: 401,
      cause: [{ parameters: expect.objectContaining({ error: 'invalid_client' }) }],
    });
    await openid.authorizationCodeGrant(secretClient, callback, checks);
    await expect(openid.authorizationCodeGrant(secretClient, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    const noPkce = openid.buildAuthorizationUrl(secretClient, { redirect_uri: REDIRECT_URI, scope: 'openid' });
    const refusedPkce = await new CookieBrowser().follow(noPkce.href, REDIRECT_URI);
    expect(new URL(refusedPkce.url).searchParams.get('error')).toBe('invalid_request');

    const elsewhere = openid.buildAuthorizationUrl(secretClient, {
      redirect_uri: 'https://attacker.example/callback',
      scope: 'openid',
      code_challenge: await openid.calculatePKCECodeChallenge(openid.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const refusedRedirect = await new CookieBrowser().request(elsewhere.href);
    // A redirect URI that is not registered is never redirected to: the provider answers itself.
    expect(refusedRedirect.status).toBe(400);
    expect(refusedRedirect.headers.get('location')).toBeNull();
    expect(await refusedRedirect.text()).toContain('redirect_uri');
  });

  /** A person logged in through the simulator and the tokens the app got for it. */
  const loggedIn = async (
    config: OpenIdClient.Configuration,
    parameters: Record<string, string> = {},
    approve: (login: StartedLogin) => Promise<unknown> = approveInSimulator,
  ) => {
    const login = await startLogin(config, parameters);
    await approve(login);
    const callback = await returnToClient(login);
    const tokens = await openid.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    });
    return { login, tokens };
  };

  it('issues a refresh token only when the app asks for offline_access', async () => {
    const { tokens: online } = await loggedIn(secretClient);
    expect(online.refresh_token).toBeUndefined();
    const { tokens } = await loggedIn(secretClient, { scope: 'openid naming offline_access', prompt: 'consent' });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = await openid.refreshTokenGrant(secretClient, tokens.refresh_token as string);
    const userinfo = await openid.fetchUserInfo(secretClient, refreshed.access_token, tokens.claims()?.sub as string);
    expect(userinfo.given_name).toBe(testPerson(ADAEZE).claims.naming.given);
  });

  it('introspects and revokes tokens for a confidential app; a revoked token is refused at userinfo', async () => {
    const { tokens } = await loggedIn(secretClient);
    await expect(openid.tokenIntrospection(secretClient, tokens.access_token)).resolves.toMatchObject({
      active: true,
      client_id: sandbox.appId,
      sub: tokens.claims()?.sub,
    });
    await openid.tokenRevocation(secretClient, tokens.access_token);
    await expect(openid.tokenIntrospection(secretClient, tokens.access_token)).resolves.toMatchObject({
      active: false,
    });
    await expect(
      openid.fetchUserInfo(secretClient, tokens.access_token, tokens.claims()?.sub as string),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('logs out when the app asks: the person confirms, and the browser goes back to the app', async () => {
    const { login, tokens } = await loggedIn(secretClient);
    const logout = openid.buildEndSessionUrl(secretClient, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: REDIRECT_URI,
      state: 'bye',
    });
    const confirm = await login.browser.request(logout.href);
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(REDIRECT_URI).origin}`,
    );
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const done = await login.browser.request(new URL(action, logout).href, { form: { xsrf, logout: 'yes' } });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('bye');
  });

  /** The provider's stored records of one kind, as a copy of the database shows them. */
  const storedRecords = (kind: string) => t.app.get(DataSource).getRepository(OidcRecord).findBy({ kind });
  const userinfoWith = (token: string) =>
    t
      .http()
      .get(new URL(secretClient.serverMetadata().userinfo_endpoint as string).pathname)
      .set('authorization', `Bearer ${token}`);

  it('stores tokens as digests: nothing read from the database opens userinfo, and the tokens the app holds still do', async () => {
    const { tokens } = await loggedIn(secretClient, { scope: 'openid naming offline_access', prompt: 'consent' });
    const records = [...(await storedRecords('AccessToken')), ...(await storedRecords('RefreshToken'))];
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(records)).not.toContain(tokens.access_token);
    expect(JSON.stringify(records)).not.toContain(tokens.refresh_token);
    for (const { id, payload } of records) {
      for (const stolen of [id.slice(id.indexOf(':') + 1), (JSON.parse(payload) as { jti?: string }).jti]) {
        if (stolen) expect((await userinfoWith(stolen)).status).toBe(401);
      }
    }
    expect((await userinfoWith(tokens.access_token)).body.given_name).toBe(testPerson(ADAEZE).claims.naming.given);
    const refreshed = await openid.refreshTokenGrant(secretClient, tokens.refresh_token as string);
    expect((await userinfoWith(refreshed.access_token)).status).toBe(200);
  });

  it("stores a login page's interaction without the browser's session cookie or the NIN in clear, and the logged-in browser logs in again", async () => {
    const { login } = await loggedIn(secretClient);
    const sessionCookie = login.browser.cookie('_session') as string;
    expect(sessionCookie).toEqual(expect.any(String));
    const again = await startLogin(secretClient, { prompt: 'login', login_hint: ADAEZE }, login.browser);
    const uid = new URL(again.pageUrl).pathname.split('/').pop() as string;
    const [interaction] = (await storedRecords('Interaction')).filter(
      ({ id }) => id === `Interaction:${createHash('sha256').update(uid).digest('hex')}`,
    );
    // The login page's record knows the browser's session, by its uid, and not by the cookie that opens it.
    expect(JSON.parse(interaction.payload)).toMatchObject({ session: { uid: expect.any(String) } });
    expect(interaction.payload).not.toContain(sessionCookie);
    // Nor the person's NIN the app sent as login_hint: the request's parameters are sealed.
    expect(interaction.payload).not.toContain(ADAEZE);
    expect(again.pageHtml).toContain(ADAEZE);

    // As an earlier version stored it, with the cookie: the migration drops it, and the login goes on.
    const legacy = JSON.parse(interaction.payload) as { session: Record<string, string> };
    legacy.session.cookie = sessionCookie;
    const records = t.app.get(DataSource).getRepository(OidcRecord);
    await records.update(interaction.id, { payload: JSON.stringify(legacy) });
    const runner = t.app.get(DataSource).createQueryRunner();
    await new InteractionSessionCookies1764970000000().up(runner).finally(() => runner.release());
    expect((await records.findOneByOrFail({ id: interaction.id })).payload).not.toContain(sessionCookie);
    await approveInSimulator(again);
    expect((await returnToClient(again)).searchParams.get('code')).toBeTruthy();
  });

  it('keeps tokens stored in clear by an earlier version working once the migration has re-keyed them', async () => {
    const { tokens } = await loggedIn(secretClient);
    const db = t.app.get(DataSource);
    // The access token as an earlier version stored it: its record keyed by the token, which is its payload's jti too.
    const [record] = (await storedRecords('AccessToken')).filter(
      ({ id }) => id === `AccessToken:${createHash('sha256').update(tokens.access_token).digest('hex')}`,
    );
    const legacy = JSON.stringify({ ...JSON.parse(record.payload), jti: tokens.access_token });
    await db.getRepository(OidcRecord).update(record.id, { id: `AccessToken:${tokens.access_token}`, payload: legacy });
    expect((await userinfoWith(tokens.access_token)).status).toBe(401);

    const runner = db.createQueryRunner();
    await new OidcRecordDigests1764870000000().up(runner).finally(() => runner.release());
    expect((await userinfoWith(tokens.access_token)).status).toBe(200);
    expect(JSON.stringify(await storedRecords('AccessToken'))).not.toContain(tokens.access_token);
  });

  /** The simulator's routes take the sandbox app's credentials; another app's login is approved from its page. */
  const approveOnPage = (login: StartedLogin) =>
    login.browser.request(`${login.pageUrl}/sandbox-approve`, { json: { nin: ADAEZE } });

  it('lets a public app (a single-page or mobile app) log in with PKCE alone, without introspection', async () => {
    const spa = await createTenant(t.app, { consumerId: sandbox.consumerId });
    await t.app.get(TenantsService).updateOidcClient(spa.appId, { redirectUris: [REDIRECT_URI], publicClient: true });
    const publicClient = await discover(issuer, spa.appId, 'public');
    const { tokens } = await loggedIn(publicClient, {}, approveOnPage);
    expect(tokens.claims()?.aud).toBe(spa.appId);
    // The same person, another app: another pseudonym.
    const { tokens: other } = await loggedIn(secretClient);
    expect(tokens.claims()?.sub).not.toBe(other.claims()?.sub);
    // Introspection is for confidential apps: a public one learns nothing, not even about its own live token.
    await expect(openid.tokenIntrospection(publicClient, tokens.access_token)).resolves.toEqual({ active: false });
  });

  it.each(ID_TOKEN_SIGNING_ALGS)(
    'signs the ID tokens of an app that chose %s with a key of the JWKS that discovery names',
    async (alg) => {
      const app = await createTenant(t.app, { consumerId: sandbox.consumerId });
      await t.app
        .get(TenantsService)
        .updateOidcClient(app.appId, { redirectUris: [REDIRECT_URI], idTokenSigningAlg: alg });
      // The relying party registered the algorithm, so it takes no other; non-repudiation checks verify the signature.
      const config = await discover(
        issuer,
        app.appId,
        { secret: app.appSecret },
        { id_token_signed_response_alg: alg },
      );
      openid.enableNonRepudiationChecks(config);
      const { tokens } = await loggedIn(config, {}, approveOnPage);
      expect(decodeProtectedHeader(tokens.id_token as string).alg).toBe(alg);
      expect(tokens.claims()?.aud).toBe(app.appId);
    },
  );

  it("streams the login's flow to its page as server-sent events, with no personal data in clear", async () => {
    const login = await startLogin(secretClient);
    // Read as EventSource reads, whole events: the completed one, with its claims, may arrive in several pieces.
    const stream = await SseClient.open(`${login.pageUrl}/events`, login.browser.headers());
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const requestOf = (event: SseEvent) => (event.data as { data: { request: Record<string, unknown> } }).data.request;
    expect(requestOf(await stream.waitFor(1))).toMatchObject({ status: 'pending' });
    await approveInSimulator(login);
    let seen = 2;
    let event = requestOf(await stream.waitFor(seen));
    while (event.status !== 'completed') event = requestOf(await stream.waitFor(++seen));
    // The page is a browser's: no IP address or user agent, and the claims only as JWEs for the app's key.
    expect(event).toMatchObject({ ip: '', useragent: '' });
    expect(JSON.stringify(event)).not.toContain(testPerson(ADAEZE).claims.naming.given);
    stream.close();
    // Another browser has no cookie of this login: nothing to stream.
    await expect(new CookieBrowser().request(`${login.pageUrl}/events`)).resolves.toMatchObject({ status: 404 });
  });

  it('bills and meters each login as an identification of the app once, when it completes, however often it is read', async () => {
    const usageOf = async () => {
      await t.app.get(UsageMeter).flush();
      return t.app
        .get(DataSource)
        .getRepository(UsageRecord)
        .findBy({ appId: sandbox.appId, category: 'authentication', keyId: 'key_oidc' });
    };
    const before = (await usageOf()).length;
    const login = await startLogin(secretClient);
    await login.browser.request(login.pageUrl);
    await login.browser.request(`${login.pageUrl}/progress`);
    expect(await usageOf()).toHaveLength(before);
    await approveInSimulator(login);
    await returnToClient(login);
    await login.browser.request(`${login.pageUrl}/progress`);
    const after = await usageOf();
    expect(after).toHaveLength(before + 1);
    expect(after[after.length - 1]).toMatchObject({ route: 'GET /oidc/interaction/:uid/progress', status: 200 });
  });

  it('sends a browser that is logged in straight back with a code, and asks again with prompt=login, signup or link', async () => {
    const { login } = await loggedIn(secretClient);
    const again = await authorizationRequest(secretClient);
    const { url } = await login.browser.follow(again.url.href, REDIRECT_URI);
    expect(new URL(url).searchParams.get('code')).toBeTruthy();

    // startLogin fails unless the browser lands on a login page. Signing up or linking is a question of its own to the
    // person, which an earlier login does not answer.
    await startLogin(secretClient, { prompt: 'login' }, login.browser);
    await startLogin(secretClient, { prompt: 'create' }, login.browser);
    const linking = await startLogin(secretClient, { idflow_action: 'link' }, login.browser);
    await approveInSimulator(linking);
    expect((await returnToClient(linking)).searchParams.get('code')).toBeTruthy();
  });

  it.each([
    [{}, 'login'],
    [{ prompt: 'create' }, 'signup'],
    [{ idflow_action: 'login' }, 'login'],
    [{ idflow_action: 'signup' }, 'signup'],
    [{ idflow_action: 'link' }, 'link'],
    [{ prompt: 'create', idflow_action: 'signup' }, 'signup'],
  ])(
    'logs a person in with %j through an identification flow whose action is %s, as the app sees it',
    async (parameters, action) => {
      const login = await startLogin(secretClient, parameters);
      const flowId = await approveInSimulator(login);
      const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
      await expect(integrator.view(flowId)).resolves.toMatchObject({ id: flowId, action, status: 'completed' });
      expect((await returnToClient(login)).searchParams.get('code')).toBeTruthy();
    },
  );

  it.each([
    [{ idflow_action: 'merge' }, 'idflow_action must be one of login, signup, link'],
    [{ idflow_action: 'LINK' }, 'idflow_action must be one of login, signup, link'],
    [{ prompt: 'create', idflow_action: 'link' }, 'prompt=create asks for signup, not idflow_action=link'],
  ])('refuses a request with %j: invalid_request back at the app, saying why', async (parameters, description) => {
    const request = await authorizationRequest(secretClient, parameters);
    const { url } = await new CookieBrowser().follow(request.url.href, REDIRECT_URI);
    const back = new URL(url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'invalid_request',
      error_description: description,
      state: request.state,
    });
  });
});
