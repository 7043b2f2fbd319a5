import type * as OpenIdClient from 'openid-client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { CONSOLE_APP_IDS, CONSOLE_CONSUMER_ID } from '../../src/operators/console-client';
import { TenantsService } from '../../src/tenants/tenants.service';
import { REDIRECT_URI, actInSimulator, discover, openid, returnToClient, startLogin } from '../support/oidc-login';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { TestApp, createListeningTestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

const [OWNER, VIEWER, STRANGER] = ['10000000001', '10000000002', '10000000003'];

/** Operators sign in with idflow itself: a login through its own OpenID provider becomes a session of the admin API. */
describe('operators signing in with idflow', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let client: OpenIdClient.Configuration;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const as = (token: string) => ({
    get: (path: string) => t.http().get(path).set('authorization', `Bearer ${token}`),
    post: (path: string) => t.http().post(path).set('authorization', `Bearer ${token}`),
    delete: (path: string) => t.http().delete(path).set('authorization', `Bearer ${token}`),
  });

  /** A login of `nin` approved in the simulator, up to the ID token the console's client gets. */
  async function idTokenOf(nin: string): Promise<string> {
    const login = await startLogin(client);
    await actInSimulator(t.http, credentials(sandbox), login, nin, 'approve');
    const tokens = await openid.authorizationCodeGrant(client, await returnToClient(login), {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
    });
    return tokens.id_token as string;
  }

  const signIn = async (nin: string) =>
    (
      await t
        .http()
        .post('/admin/session')
        .send({ idToken: await idTokenOf(nin) })
        .expect(201)
    ).body.data as {
      token: string;
      operator: { id: string; role: string };
    };

  beforeAll(async () => {
    // The console's client is an app, so it exists before the setting that names it: made on a first start, then
    // named by CONSOLE_CLIENT_ID on the next, as an operator would.
    const first = await createTestApp();
    sandbox = await bootstrapSandbox(first.app);
    await first.app.get(TenantsService).updateOidcClient(sandbox.appId, { redirectUris: [REDIRECT_URI] });
    const { DATA_DIR, DATABASE_PATH, DATABASE_SCHEMA } = first.config;
    await first.close();
    t = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      DATA_DIR,
      DATABASE_PATH,
      ...(DATABASE_SCHEMA ? { DATABASE_SCHEMA } : {}),
      CONSOLE_CLIENT_ID: sandbox.appId,
    }));
    await admin().post('/admin/operators').send({ nin: OWNER, name: 'Owner', role: 'owner' }).expect(201);
    await admin().post('/admin/operators').send({ nin: VIEWER, name: 'Viewer', role: 'viewer' }).expect(201);
    client = await discover(`${t.config.BASE_URL}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
  });
  afterAll(() => t.close());

  it('opens a session for an operator, which acts within their role and is named in the audit log', async () => {
    const { token, operator } = await signIn(OWNER);
    expect(token).toMatch(/^ops_/);
    expect(operator).toMatchObject({ role: 'owner', name: 'Owner' });
    expect((await as(token).get('/admin/session').expect(200)).body.data.id).toBe(operator.id);
    await admin().get('/admin/session').expect(404);

    await as(token).post('/admin/consumers').send({ name: 'Made by an owner' }).expect(201);
    const entries = (await admin().get('/admin/audit').query({ limit: 500 }).expect(200)).body.data.entries;
    expect(entries.at(-1)).toMatchObject({ actor: operator.id, action: 'POST /admin/consumers', status: 201 });

    await as(token).delete('/admin/session').expect(200);
    const ended = await as(token).get('/admin/consumers').expect(401);
    expect(ended.body.reason).toBe('The session has ended; sign in again');
  });

  it('lets a viewer read and refuses their changes with 403, in words, and audited', async () => {
    const { token, operator } = await signIn(VIEWER);
    await as(token).get('/admin/consumers').expect(200);
    const refused = await as(token).post('/admin/consumers').send({ name: 'Not allowed' }).expect(403);
    expect(refused.body.reason).toBe('This change needs the operator role; Viewer is viewer');
    await as(token).post('/admin/seal/revoke').expect(403);
    const entries = (await admin().get('/admin/audit').query({ limit: 500 }).expect(200)).body.data.entries;
    expect(entries.at(-1)).toMatchObject({ actor: operator.id, action: 'POST /admin/seal/revoke', status: 403 });
  });

  it("tells the console to sign in with the client CONSOLE_CLIENT_ID names, in place of idflow's own", async () => {
    const settings = await t.http().get('/console/settings.json').expect(200);
    expect(settings.body).toEqual({
      clientId: sandbox.appId,
      redirectUri: `${t.config.BASE_URL}/console/`,
      issuer: `${t.config.BASE_URL}/oidc`,
      environment: 'sandbox',
    });
  });

  // Two starts of the whole service on one database, beside the suite's own.
  it("makes idflow's own client per environment, so a deployment tried in the sandbox signs in for real once in production", async () => {
    const tried = await createListeningTestApp((origin) => ({ BASE_URL: origin, CONSOLE_ENVIRONMENT: 'sandbox' }));
    const { DATA_DIR, DATABASE_PATH, DATABASE_SCHEMA } = tried.config;
    const sandboxSettings = (await tried.http().get('/console/settings.json').expect(200)).body;
    expect(sandboxSettings).toMatchObject({ clientId: CONSOLE_APP_IDS.sandbox, environment: 'sandbox' });
    await tried.close();

    const live = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      DATA_DIR,
      DATABASE_PATH,
      ...(DATABASE_SCHEMA ? { DATABASE_SCHEMA } : {}),
    }));
    try {
      const settings = (await live.http().get('/console/settings.json').expect(200)).body;
      expect(settings).toMatchObject({ clientId: CONSOLE_APP_IDS.production, environment: 'production' });
      const apps = (
        await live
          .http()
          .set('authorization', `Bearer ${ADMIN_TOKEN}`)
          .get('/admin/apps')
          .query({ consumerId: CONSOLE_CONSUMER_ID })
          .expect(200)
      ).body.data.apps as Array<{ appId: string; environment: string }>;
      expect(
        apps.map(({ appId, environment }) => ({ appId, environment })).sort((a, b) => a.appId.localeCompare(b.appId)),
      ).toEqual([
        { appId: CONSOLE_APP_IDS.production, environment: 'production' },
        { appId: CONSOLE_APP_IDS.sandbox, environment: 'sandbox' },
      ]);
    } finally {
      await live.close();
    }
  }, 90_000);

  it('answers 503 in words when CONSOLE_CLIENT_ID names no app', async () => {
    const misnamed = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      CONSOLE_CLIENT_ID: 'app_noSuchApp',
    }));
    try {
      const refused = await misnamed.http().get('/console/settings.json').expect(503);
      expect(refused.body.reason).toBe(
        'Operators cannot sign in to the console: CONSOLE_CLIENT_ID names app_noSuchApp, and there is no such app',
      );
    } finally {
      await misnamed.close();
    }
  });

  it('refuses a person who is not an operator, a login used twice, and a token that is not a login', async () => {
    const stranger = await t
      .http()
      .post('/admin/session')
      .send({ idToken: await idTokenOf(STRANGER) })
      .expect(403);
    expect(stranger.body.reason).toBe('This person is not an operator of this deployment');

    const idToken = await idTokenOf(OWNER);
    await t.http().post('/admin/session').send({ idToken }).expect(201);
    const again = await t.http().post('/admin/session').send({ idToken }).expect(401);
    expect(again.body.reason).toBe('This login was already used for a session; sign in again');

    const [header, payload] = idToken.split('.');
    const forged = await t
      .http()
      .post('/admin/session')
      .send({ idToken: `${header}.${payload}.c2lnbmF0dXJl` })
      .expect(401);
    expect(forged.body.reason).toMatch(/^The ID token is not a fresh one from .*\/oidc for the console's client app_/);
    await t.http().post('/admin/session').send({ idToken: 'not a jwt' }).expect(400);
  });

  it('takes a removed operator out at once, their open session included', async () => {
    const { token, operator } = await signIn(VIEWER);
    await admin().delete(`/admin/operators/${operator.id}`).expect(200);
    await as(token).get('/admin/consumers').expect(401);
  });
});
