import type * as OpenIdClient from 'openid-client';
import { DataSource } from 'typeorm';
import { BillingAccountsService } from '../src/billing/billing-accounts.service';
import { DevicesService } from '../src/devices/devices.service';
import { Flow } from '../src/flows/flow.entity';
import { DEFAULT_SCOPES, type Scope } from '../src/tenants/scopes';
import { TenantsService } from '../src/tenants/tenants.service';
import { CookieBrowser } from './support/cookie-browser';
import { IntegratorClient } from './support/integrator-client';
import { REDIRECT_URI, authorizationRequest, discover, startLogin } from './support/oidc-login';
import { createTenant, type TestTenant } from './support/tenant-factory';
import { TestApp, createListeningTestApp } from './support/test-app';
import { TestDevice } from './support/test-device';

/** A person with a digital ID on a live phone. */
const PERSON = '20000000001';

/** Who may start an OpenID login of a live app: its provisioned scopes decide, as they do for its REST creates. */
describe('OIDC logins of live apps', () => {
  let t: TestApp;
  let issuer: string;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    issuer = `${t.config.BASE_URL}/oidc`;
    const { code } = await t.app.get(DevicesService).issueEnrollmentCode(PERSON, 'production');
    await (await TestDevice.create()).enroll(t.http, code);
  });
  afterAll(() => t.close());

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
});
