import type * as OpenIdClient from 'openid-client';
import { DataSource } from 'typeorm';
import { BillingAccountsService } from '../../src/billing/billing-accounts.service';
import { DevicesService } from '../../src/devices/devices.service';
import { Flow } from '../../src/flows/flow.entity';
import { DEFAULT_SCOPES, type Scope } from '../../src/tenants/scopes';
import { TenantsService } from '../../src/tenants/tenants.service';
import { CookieBrowser } from '../support/cookie-browser';
import { IntegratorClient } from '../support/integrator-client';
import { oauthErrorOf } from '../support/ciba-logins';
import {
  REDIRECT_URI,
  StartedLogin,
  authorizationRequest,
  discover,
  openid,
  progressOf,
  returnToClient,
  startLogin,
} from '../support/oidc-login';
import { createTenant, type TestTenant } from '../support/tenant-factory';
import { TestApp, createListeningTestApp } from '../support/test-app';
import { TestDevice } from '../support/test-device';

/** People with a digital ID on a live phone: one who logs in, and others whom logins push to. */
const PERSON = '20000000001';
const PUSHED_PERSON = '20000000002';
const ANOTHER_PERSON = '20000000003';
const CIBA_PERSON = '20000000004';
/** A NIN that has no digital ID. */
const NO_DIGITAL_ID = '20000000009';
const PUSHES_PER_LOGIN = 2;
const PUSHES_PER_NIN = 3;
const PUSHING_SCOPES: Scope[] = [...DEFAULT_SCOPES, 'identification:another'];

/** Who may start an OpenID login of a live app: its provisioned scopes decide, as they do for its REST creates. */
describe('OIDC logins of live apps', () => {
  let t: TestApp;
  let issuer: string;
  let phone: TestDevice;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      FREE_MONTHLY_ALLOWANCE: '1',
      OIDC_PUSHES_PER_LOGIN: String(PUSHES_PER_LOGIN),
      OIDC_PUSHES_PER_NIN: String(PUSHES_PER_NIN),
    }));
    issuer = `${t.config.BASE_URL}/oidc`;
    phone = await enrolledPhone(PERSON);
    for (const nin of [PUSHED_PERSON, ANOTHER_PERSON, CIBA_PERSON]) await enrolledPhone(nin);
  });
  afterAll(() => t.close());

  const enrolledPhone = async (nin: string) => {
    const { code } = await t.app.get(DevicesService).issueEnrollmentCode(nin, 'production');
    const device = await TestDevice.create();
    await device.enroll(t.http, code);
    return device;
  };
  /** The person scans the login page's QR code with their phone and approves. */
  const approveWithPhone = async (login: StartedLogin) => {
    const { link } = await progressOf(login);
    const picked = await phone.post(t.http, '/wallet/v1/flows/pick-up', { code: link });
    expect(picked.status).toBe(201);
    const approved = await phone.post(t.http, `/wallet/v1/flows/${picked.body.data.flow.id}/approve`, { claims: [] });
    expect(approved.status).toBe(201);
  };
  const push = (login: StartedLogin, nin: string) => login.browser.request(`${login.pageUrl}/push`, { json: { nin } });
  const pushedTo = (nin: string) => t.app.get(DataSource).getRepository(Flow).countBy({ targetNin: nin });

  /** A live app with these scopes, registered as an OpenID client, and the relying party's view of it. */
  const liveClient = async (scopes: Scope[]): Promise<{ tenant: TestTenant; config: OpenIdClient.Configuration }> => {
    const tenant = await createTenant(t.app, { environment: 'production', scopes });
    await t.app.get(TenantsService).updateOidcClient(tenant.appId, { redirectUris: [REDIRECT_URI] });
    return { tenant, config: await discover(issuer, tenant.appId, { secret: tenant.appSecret }) };
  };
  const allowanceUsed = async (tenant: TestTenant) =>
    (await t.app.get(BillingAccountsService).account(tenant.consumerId)).allowance.used;
  const flowsOf = (tenant: TestTenant) => t.app.get(DataSource).getRepository(Flow).countBy({ appId: tenant.appId });

  it('sends an app without identification:wildcard back with unauthorized_client, as its REST create is 403', async () => {
    const { tenant, config } = await liveClient(['document:sign']);
    const request = await authorizationRequest(config);
    const { url } = await new CookieBrowser().follow(request.url.href, REDIRECT_URI);
    const back = new URL(url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'unauthorized_client',
      error_description: expect.stringContaining('identification:wildcard'),
      state: request.state,
    });
    const integrator = new IntegratorClient(t.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
    await expect(integrator.create('wildcard', { action: 'login', payload: 'x' })).resolves.toMatchObject({
      status: 403,
    });
    expect(await flowsOf(tenant)).toBe(0);
    expect(await allowanceUsed(tenant)).toBe(0);
  });

  it('lets an app without identification:another show its login page, but pushes nothing to a NIN: 403', async () => {
    const { tenant, config } = await liveClient(DEFAULT_SCOPES);
    const login = await startLogin(config);
    const pushed = await login.browser.request(`${login.pageUrl}/push`, { json: { nin: PERSON } });
    expect(pushed.status).toBe(403);
    expect(((await pushed.json()) as { reason: string }).reason).toContain('identification:another');
    const pushedFlows = await t.app
      .get(DataSource)
      .getRepository(Flow)
      .countBy({ appId: tenant.appId, targetNin: PERSON });
    expect(pushedFlows).toBe(0);
  });

  it('bills a login once, when it completes: pages opened and pushes sent cost nothing; past the allowance, access_denied', async () => {
    const { tenant, config } = await liveClient(PUSHING_SCOPES);
    const idle = await startLogin(config);
    await startLogin(config);
    expect((await push(idle, PERSON)).status).toBe(201);
    expect(await allowanceUsed(tenant)).toBe(0);

    const login = await startLogin(config, { scope: 'openid' });
    await approveWithPhone(login);
    // Polls racing to see the login complete, as from two tabs or two instances: one charge between them.
    await Promise.all(Array.from({ length: 5 }, () => progressOf(login)));
    expect((await returnToClient(login)).searchParams.get('code')).toBeTruthy();
    expect(await allowanceUsed(tenant)).toBe(1);

    // The allowance (1 here) is spent and the balance is empty: the person approved, but the app gets no login.
    const unpaid = await startLogin(config, { scope: 'openid' });
    await approveWithPhone(unpaid);
    const back = await returnToClient(unpaid);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'access_denied',
      error_description: "The app's allowance and balance do not cover this login",
    });
    expect(await allowanceUsed(tenant)).toBe(1);
  });

  it('caps the pushes of one login page, and those to one NIN from every page: 429 with Retry-After', async () => {
    const first = await liveClient(PUSHING_SCOPES);
    const page = await startLogin(first.config);
    for (let sent = 0; sent < PUSHES_PER_LOGIN; sent++) expect((await push(page, PUSHED_PERSON)).status).toBe(201);
    const overPage = await push(page, PUSHED_PERSON);
    expect(overPage.status).toBe(429);
    expect(Number(overPage.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await overPage.json()) as { reason: string }).reason).toContain('scan the QR code instead');

    // Another page, even another app's, reaches the NIN until it has had PUSHES_PER_NIN.
    const second = await liveClient(PUSHING_SCOPES);
    for (let sent = PUSHES_PER_LOGIN; sent < PUSHES_PER_NIN; sent++) {
      expect((await push(await startLogin(second.config), PUSHED_PERSON)).status).toBe(201);
    }
    const overNin = await push(await startLogin(second.config), PUSHED_PERSON);
    expect(overNin.status).toBe(429);
    expect(((await overNin.json()) as { reason: string }).reason).toContain('This NIN has been sent too many logins');
    expect(await pushedTo(PUSHED_PERSON)).toBe(PUSHES_PER_NIN);
  });

  it('answers a push to a NIN without a digital ID as one to a NIN with one, and that login then waits', async () => {
    const { config } = await liveClient(PUSHING_SCOPES);
    /** The verification code is each flow's own: four digits either way. */
    const anyCode = <T extends { verificationCode?: string }>(view: T) => {
      expect(view.verificationCode).toMatch(/^\d{4}$/);
      return { ...view, verificationCode: '####' };
    };
    const answerTo = async (nin: string) => {
      const login = await startLogin(config);
      const pushed = await push(login, nin);
      const body = (await pushed.json()) as { data: { verificationCode?: string } };
      return {
        status: pushed.status,
        body: { ...body, data: anyCode(body.data) },
        now: anyCode((await progressOf(login)) as { verificationCode?: string }),
      };
    };
    const withId = await answerTo(ANOTHER_PERSON);
    const withoutId = await answerTo(NO_DIGITAL_ID);
    expect(withId.status).toBe(201);
    expect(withoutId).toEqual(withId);
    expect(withoutId.now).toMatchObject({ state: 'pending', status: 'pending' });
    expect(await pushedTo(NO_DIGITAL_ID)).toBe(1);
  });

  it("gives page pushes an allowance of their own: an app's CIBA logins of that person still go through", async () => {
    /** A live app with CIBA in poll mode and a balance to pay for its logins. */
    const cibaApp = async () => {
      const tenant = await createTenant(t.app, { environment: 'production', scopes: PUSHING_SCOPES });
      await t.app.get(TenantsService).updateOidcClient(tenant.appId, { cibaDeliveryMode: 'poll' });
      await t.app.get(BillingAccountsService).credit(tenant.consumerId, 1_000_000);
      return discover(issuer, tenant.appId, { secret: tenant.appSecret });
    };
    const cibaLogin = (config: OpenIdClient.Configuration) =>
      oauthErrorOf(openid.initiateBackchannelAuthentication(config, { scope: 'openid', login_hint: CIBA_PERSON }));
    const { config: pageApp } = await liveClient(PUSHING_SCOPES);
    for (let sent = 0; sent < PUSHES_PER_NIN; sent++) {
      expect((await push(await startLogin(pageApp), CIBA_PERSON)).status).toBe(201);
    }
    expect((await push(await startLogin(pageApp), CIBA_PERSON)).status).toBe(429);

    // The pages have had their pushes to this person; the app's own CIBA logins are counted apart.
    const first = await cibaApp();
    for (let sent = 0; sent < PUSHES_PER_NIN; sent++) await expect(cibaLogin(first)).resolves.toBeUndefined();
    await expect(cibaLogin(first)).resolves.toBe('access_denied');
    // One app's CIBA logins do not spend another's.
    await expect(cibaLogin(await cibaApp())).resolves.toBeUndefined();
  });
});
