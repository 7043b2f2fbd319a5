import type * as OpenIdClient from 'openid-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { REDIRECT_URI, discover, openid, progressOf, startLogin } from '../support/oidc-login';
import { CIBA_GRANT_TYPE, pushedFlowOf } from '../support/ciba-logins';
import { bootstrapSandbox, credentials, enrolledDevice, testPerson } from '../support/sandbox-tenant';
import { pause } from '../support/waiting';
import { TestApp, createListeningTestApp } from '../support/test-app';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

/** CIBA polls a second apart on every instance, not the default five: the waits between polls are short. */
const SHORT_POLLS = { OIDC_CIBA_POLL_INTERVAL_SECONDS: '1' };

describeScaledOut('Log in with OIDC across two instances sharing PostgreSQL and Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let firstOrigin: string;
  let secondOrigin: string;
  let sandbox: SandboxBootstrap;

  beforeAll(async () => {
    first = await createListeningTestApp((origin) => ({ BASE_URL: origin, ...SHORT_POLLS }));
    firstOrigin = first.config.BASE_URL;
    // One public address for both, as behind a load balancer; each listens on its own port.
    second = await createListeningTestApp(() => ({
      BASE_URL: firstOrigin,
      DATABASE_SCHEMA: first.config.DATABASE_SCHEMA as string,
      ...SHORT_POLLS,
    }));
    secondOrigin = await second.app.getUrl();
    sandbox = await bootstrapSandbox(first.app);
    await first.app.get(TenantsService).updateOidcClient(sandbox.appId, { redirectUris: [REDIRECT_URI] });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const onSecond = (url: string) => url.replace(firstOrigin, secondOrigin);

  it('authorizes on one instance, and serves the login page, callback, token and userinfo on the other', async () => {
    const config: OpenIdClient.Configuration = await discover(`${firstOrigin}/oidc`, sandbox.appId, {
      secret: sandbox.appSecret,
    });
    const login = await startLogin(config);
    const { link } = await progressOf(login);
    const scanned = await first
      .http()
      .post('/api/v2/sandbox/scan')
      .set(credentials(sandbox))
      .send({ code: link, nin: '10000000001' })
      .expect(201);
    await first
      .http()
      .post(`/api/v2/sandbox/flows/${scanned.body.data.request.id}/approve`)
      .set(credentials(sandbox))
      .send({ nin: '10000000001' })
      .expect(201);

    // The second instance finishes the interaction the first one started, and the browser comes back through it.
    const answer = await login.browser.request(onSecond(`${login.pageUrl}/progress`));
    const progress = (await answer.json()) as { data: { state: string; redirectTo?: string } };
    expect(progress.data.state).toBe('finished');
    const { url } = await login.browser.follow(onSecond(progress.data.redirectTo as string), REDIRECT_URI);
    const callback = new URL(url);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const throughFirst = config[openid.customFetch] as NonNullable<
      OpenIdClient.Configuration[typeof openid.customFetch]
    >;
    config[openid.customFetch] = (address, options) => throughFirst(onSecond(address), options);
    const tokens = await openid.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    });
    const userinfo = await openid.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub as string);
    expect(userinfo.given_name).toBe(testPerson('10000000001').claims.naming.given);
  });

  it('starts a CIBA login on one instance, and has it approved and its tokens fetched on the other', async () => {
    await first.app.get(TenantsService).updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'poll' });
    const config = await discover(`${firstOrigin}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
    const phone = await enrolledDevice(first.app, first.http, '10000000002');
    const started = await openid.initiateBackchannelAuthentication(config, {
      scope: 'openid naming',
      login_hint: '10000000002',
      binding_message: 'Scaled-1',
    });
    const flowId = await pushedFlowOf(phone, second.http, 'Scaled-1');
    expect((await phone.post(second.http, `/wallet/v1/flows/${flowId}/accept`)).status).toBeLessThan(300);
    const approved = await phone.post(second.http, `/wallet/v1/flows/${flowId}/approve`, { claims: ['naming.given'] });
    expect(approved.status).toBeLessThan(300);

    const throughFirst = config[openid.customFetch] as NonNullable<
      OpenIdClient.Configuration[typeof openid.customFetch]
    >;
    config[openid.customFetch] = (address, options) => throughFirst(onSecond(address), options);
    await pause(1000);
    const tokens = await openid.genericGrantRequest(config, CIBA_GRANT_TYPE, { auth_req_id: started.auth_req_id });
    expect(tokens.claims()?.given_name).toBe(testPerson('10000000002').claims.naming.given);
  }, 30_000);

  it('settles a CIBA login whose starting instance has gone when it is polled on another', async () => {
    await first.app.get(TenantsService).updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'poll' });
    const starting = await createListeningTestApp(() => ({
      BASE_URL: firstOrigin,
      DATABASE_SCHEMA: first.config.DATABASE_SCHEMA as string,
      ...SHORT_POLLS,
    }));
    const startingOrigin = await starting.app.getUrl();
    const config = await discover(`${firstOrigin}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
    const send = config[openid.customFetch] as NonNullable<OpenIdClient.Configuration[typeof openid.customFetch]>;
    config[openid.customFetch] = (address, options) => send(address.replace(firstOrigin, startingOrigin), options);
    const phone = await enrolledDevice(first.app, first.http, '10000000003');
    const started = await openid.initiateBackchannelAuthentication(config, {
      scope: 'openid naming',
      login_hint: '10000000003',
      binding_message: 'Scaled-2',
    });
    // The instance that would have heard of the approval is gone before the person answers.
    await starting.close();
    const flowId = await pushedFlowOf(phone, second.http, 'Scaled-2');
    expect((await phone.post(second.http, `/wallet/v1/flows/${flowId}/accept`)).status).toBeLessThan(300);
    const approved = await phone.post(second.http, `/wallet/v1/flows/${flowId}/approve`, {
      claims: ['naming.given'],
    });
    expect(approved.status).toBeLessThan(300);

    config[openid.customFetch] = (address, options) => send(onSecond(address), options);
    const tokens = await openid.pollBackchannelAuthenticationGrant(config, started);
    expect(tokens.claims()?.given_name).toBe(testPerson('10000000003').claims.naming.given);
  }, 40_000);

  it("counts one login page's pushes in Redis: the cap holds whichever instance each push reaches", async () => {
    const config = await discover(`${firstOrigin}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
    const login = await startLogin(config);
    const pushOn = (origin: string) =>
      login.browser.request(`${login.pageUrl}/push`.replace(firstOrigin, origin), { json: { nin: '10000000001' } });
    const limit = first.config.OIDC_PUSHES_PER_LOGIN;
    for (let sent = 0; sent < limit; sent++) {
      expect((await pushOn(sent % 2 === 0 ? firstOrigin : secondOrigin)).status).toBe(201);
    }
    expect((await pushOn(limit % 2 === 0 ? firstOrigin : secondOrigin)).status).toBe(429);
  });

  it("counts a NIN's page pushes in Redis apart from an app's CIBA logins, on whichever instance", async () => {
    const nin = '10000000002';
    await first.app.get(TenantsService).updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'poll' });
    const config = await discover(`${firstOrigin}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
    const pushFromPage = async (origin: string) => {
      const login = await startLogin(config);
      return login.browser.request(`${login.pageUrl}/push`.replace(firstOrigin, origin), { json: { nin } });
    };
    const limit = first.config.OIDC_PUSHES_PER_NIN;
    for (let sent = 0; sent < limit; sent++) {
      expect((await pushFromPage(sent % 2 === 0 ? firstOrigin : secondOrigin)).status).toBe(201);
    }
    expect((await pushFromPage(limit % 2 === 0 ? firstOrigin : secondOrigin)).status).toBe(429);

    const send = config[openid.customFetch] as NonNullable<OpenIdClient.Configuration[typeof openid.customFetch]>;
    config[openid.customFetch] = (address, options) => send(onSecond(address), options);
    const started = await openid.initiateBackchannelAuthentication(config, { scope: 'openid', login_hint: nin });
    expect(started.auth_req_id).toBeTruthy();
  });
});
