import { decodeJwt } from 'jose';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CscSandboxClient, sha256Base64 } from '../support/csc-sandbox-client';
import { untilCompleted } from '../support/document-flows';
import type { JsonBody } from '../support/json-body';
import { TestPidIssuer, TestWallet } from '../support/eudi-test-wallet';
import { erasureRequest, sandboxWalletKey } from '../support/eudi-erasure-request';
import { PushEndpoint } from '../support/push-endpoint';
import { ADMIN_TOKEN } from '../support/test-config';
import { TestTimestampAuthority } from '../support/timestamp-authority';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { IntegratorClient, SAME_DEVICE_LOGIN, codeOf } from '../support/integrator-client';
import type { ResponseSchemaCheck } from '../support/response-schemas';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';
import { signChallenge } from '../support/device-signature';
import { TestDevice } from '../support/test-device';
import { SoftwarePasskey } from '../support/software-passkey';
import { TestApp, createListeningTestApp, createTestApp } from '../support/test-app';
import {
  REDIRECT_URI,
  StartedLogin,
  discover,
  openid,
  progressOf,
  returnToClient,
  startLogin,
} from '../support/oidc-login';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';

/**
 * Every other e2e suite already holds each JSON answer it receives to the OpenAPI document (test/support/test-app.ts).
 * This one calls every route that declares a JSON answer at least once, so that no route is left unchecked, and shows
 * that the check does fail on a body that strays from its schema.
 */
describe('every JSON answer matches the schema the OpenAPI document declares for it', () => {
  let t: TestApp;
  let files: FileHost;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let pdfUrl: string;
  let baseUrl: string;
  let pidIssuer: TestPidIssuer;
  let trustList: string;
  let authority: TestTimestampAuthority;
  const [ada, jide] = ['10000000001', '10000000002'];

  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const schemaCheck = () => t.responseSchemas() as ResponseSchemaCheck;
  const expectStatus = async (response: Promise<{ status: number; body: unknown }>, status: number) => {
    const answer = await response;
    if (answer.status !== status)
      throw new Error(`expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { data: JsonBody };
  };

  beforeAll(async () => {
    files = await FileHost.start();
    // A timestamp authority, so that a stamped copy can be renewed through the admin API.
    authority = await TestTimestampAuthority.start();
    pidIssuer = await TestPidIssuer.create('Schema PID issuer');
    trustList = join(mkdtempSync(join(tmpdir(), 'idflow-schemas-')), 'trust-list.pem');
    writeFileSync(trustList, pidIssuer.caPem);
    // The sandbox app is also the console's client, which a setting names: made on a first start, named on the next.
    const first = await createTestApp();
    sandbox = await bootstrapSandbox(first.app);
    const { DATA_DIR, DATABASE_PATH, DATABASE_SCHEMA } = first.config;
    await first.close();
    // The OIDC relying party reads the provider's discovery document over HTTP.
    t = await createListeningTestApp((origin) => ({
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
      BASE_URL: origin,
      EUDI_TRUST_LIST_PATH: trustList,
      TSA_URL: authority.url,
      DATA_DIR,
      DATABASE_PATH,
      ...(DATABASE_SCHEMA ? { DATABASE_SCHEMA } : {}),
      CONSOLE_CLIENT_ID: sandbox.appId,
    }));
    baseUrl = t.config.BASE_URL;
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    pdfUrl = files.put('/contract.pdf', await makePdf(2));
  });
  afterAll(async () => {
    await t.close();
    await files.close();
    await authority.close();
    rmSync(dirname(trustList), { recursive: true, force: true });
  });

  it('answers the system, billing and admin routes as declared', async () => {
    await expectStatus(t.http().get('/api/health/live'), 200);
    await expectStatus(t.http().get('/api/health/ready'), 200);
    await t.http().get('/.well-known/jwks.json').expect(200);
    await expectStatus(t.http().get('/api/v2/billing/usage').set(credentials(sandbox)), 200);

    const consumer = (await expectStatus(admin().post('/admin/consumers').send({ name: 'Schema Co' }), 201)).data;
    const app = (
      await expectStatus(
        admin()
          .post('/admin/apps')
          .send({ consumerId: consumer.id, name: 'Schema app', environment: 'production', scopes: ['signing:same'] }),
        201,
      )
    ).data;
    await expectStatus(admin().post(`/admin/apps/${app.id}/rotate-secret`), 201);
    const key = (await expectStatus(admin().post(`/admin/apps/${app.id}/keys`), 201)).data;
    await expectStatus(admin().get(`/admin/apps/${app.id}/keys`), 200);
    await expectStatus(admin().get('/admin/consumers'), 200);
    await expectStatus(admin().get('/admin/apps'), 200);
    await expectStatus(admin().post(`/admin/keys/${key.id}/revoke`), 201);
    const nin = '29876543210';
    await expectStatus(
      admin()
        .post('/admin/persons')
        .send({ nin, name: 'Schema Person', environment: 'production', claims: { naming: { name: 'Schema Person' } } }),
      201,
    );
    await expectStatus(admin().get(`/admin/persons/production/${nin}`), 200);
    const { code } = (await expectStatus(admin().post(`/admin/persons/production/${nin}/enrollment-codes`), 201)).data;
    const device = await TestDevice.create();
    await device.enroll(t.http, code);
    await expectStatus(admin().post(`/admin/devices/${device.id}/revoke`), 201);
    await expectStatus(admin().get(`/admin/persons/production/${nin}/devices`), 200);
    await expectStatus(admin().post('/admin/sandbox/bootstrap'), 201);
    await expectStatus(admin().post(`/admin/consumers/${consumer.id}/credit`).send({ amount: 500 }), 201);
    await expectStatus(admin().get('/admin/billing/usage'), 200);
    const operator = (
      await expectStatus(
        admin().post('/admin/operators').send({ nin: '40000000077', name: 'Schema Op', role: 'owner' }),
        201,
      )
    ).data;
    await expectStatus(admin().get('/admin/operators'), 200);
    await expectStatus(admin().patch(`/admin/operators/${operator.id}`).send({ role: 'owner' }), 200);
    const viewer = (
      await expectStatus(
        admin().post('/admin/operators').send({ nin: '40000000078', name: 'Viewer', role: 'viewer' }),
        201,
      )
    ).data;
    await expectStatus(admin().delete(`/admin/operators/${viewer.id}`), 200);
    await expectStatus(admin().get('/admin/audit'), 200);
    const use = { name: 'schema-use', purpose: 'To check', credentials: ['urn:eudi:pid:1'], claims: ['naming.given'] };
    await expectStatus(admin().post(`/admin/apps/${app.id}/intended-uses`).send(use), 201);
    await expectStatus(admin().get(`/admin/apps/${app.id}/intended-uses`), 200);
    await expectStatus(admin().delete(`/admin/apps/${app.id}/intended-uses/${use.name}`), 200);
    await expectStatus(admin().get(`/admin/apps/${app.id}`), 200);
    await expectStatus(admin().get('/admin/seal'), 200);
    await expectStatus(admin().get('/admin/trust-list'), 200);
    await expectStatus(admin().get('/admin/connections'), 200);
  });

  it('answers the identification, signing and flow routes, v2 and v1, as declared', async () => {
    const token = await integrator.authorize();
    const v1 = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, token });
    for (const client of [integrator, v1]) {
      const version = client === v1 ? 'v1' : 'v2';
      const same = (await expectStatus(client.create('same-device', SAME_DEVICE_LOGIN, version), 201)).data;
      await expectStatus(client.create('different-device', { ...SAME_DEVICE_LOGIN, user: ada }, version), 201);
      await expectStatus(client.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }, version), 201);
      await expectStatus(
        client.post(`/api/${version}/signing/same-device`, { action: 'confirm', payload: 'Hi', nin: ada }),
        201,
      );
      await expectStatus(
        client.post(`/api/${version}/signing/different-device`, { action: 'confirm', payload: 'Hi', nin: ada }),
        201,
      );
      await expectStatus(client.ping(same.request.id, version), 200);
      await expectStatus(client.cancel(same.request.id, version), 201);
      // Polling takes the key and a token on both versions; an ended flow answers at once.
      await expectStatus(v1.post(`/api/${version}/flow/polling`, { request: same.request.id }), 200);
    }
    await expectStatus(
      integrator.post('/api/v2/signing/wildcard', { action: 'confirm', payload: 'Hi', seeds: 1 }),
      201,
    );

    const shown = (await expectStatus(integrator.create('same-device', SAME_DEVICE_LOGIN), 201)).data;
    await expectStatus(
      t.http().get('/api/v2/flow/qr').query({ request: shown.request.id }).set(credentials(sandbox)),
      200,
    );
    await expectStatus(t.http().get(`/open/${codeOf(shown.link)}/qr-frame`), 200);
    await expectStatus(integrator.post('/api/v2/sandbox/scan', { nin: ada, code: shown.link }), 201);
    await expectStatus(integrator.simulate('approve', shown.request.id, { nin: ada, claims: ['naming.name'] }), 201);
    const scanned = (await expectStatus(integrator.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }), 201)).data;
    await expectStatus(integrator.simulate('scan', scanned.request.id, { nin: jide }), 201);
    await expectStatus(integrator.simulate('reject', scanned.request.id, { nin: jide }), 201);
  });

  it('answers the Wallet API as declared', async () => {
    const phone = await enrolledDevice(t.app, t.http, jide);
    const pushed = async () =>
      (await expectStatus(integrator.create('different-device', { ...SAME_DEVICE_LOGIN, user: jide }), 201)).data;
    const first = await pushed();
    await expectStatus(phone.get(t.http, '/wallet/v1/inbox'), 200);
    await expectStatus(phone.get(t.http, `/wallet/v1/flows/${first.request.id}`), 200);
    await expectStatus(phone.post(t.http, `/wallet/v1/flows/${first.request.id}/accept`), 201);
    await expectStatus(phone.post(t.http, `/wallet/v1/flows/${first.request.id}/approve`, { claims: [] }), 201);
    const second = await pushed();
    await expectStatus(phone.post(t.http, `/wallet/v1/flows/${second.request.id}/decline`), 201);
    const linked = (await expectStatus(integrator.create('same-device', SAME_DEVICE_LOGIN), 201)).data;
    await expectStatus(phone.post(t.http, '/wallet/v1/flows/pick-up', { code: codeOf(linked.link) }), 201);

    const signing = (
      await expectStatus(
        integrator.post('/api/v2/signing/different-device', { action: 'confirm', payload: 'Hi', nin: jide }),
        201,
      )
    ).data;
    const read = await expectStatus(phone.get(t.http, `/wallet/v1/flows/${signing.request.id}`), 200);
    const signature = await signChallenge(phone, read.data.flow.challenge);
    await expectStatus(phone.post(t.http, `/wallet/v1/flows/${signing.request.id}/approve`, { signature }), 201);

    const passkey = new SoftwarePasskey(new URL(t.config.BASE_URL).origin);
    const creation = await expectStatus(phone.post(t.http, '/wallet/v1/devices/passkey/options'), 201);
    const credential = passkey.create(creation.data.options);
    await expectStatus(phone.post(t.http, '/wallet/v1/devices/passkey', { credential }), 201);
    const third = await pushed();
    const request = await expectStatus(
      phone.post(t.http, `/wallet/v1/flows/${third.request.id}/passkey-challenge`),
      201,
    );
    await expectStatus(phone.post(t.http, `/wallet/v1/flows/${third.request.id}/accept`), 201);
    const approval = { claims: [], passkey: passkey.get(request.data.options) };
    await expectStatus(phone.post(t.http, `/wallet/v1/flows/${third.request.id}/approve`, approval), 201);
    await expectStatus(admin().get(`/admin/persons/sandbox/${jide}/passkeys`), 200);
    await expectStatus(admin().post(`/admin/devices/${phone.id}/passkey/revoke`), 201);

    const pushService = await PushEndpoint.start();
    try {
      await expectStatus(phone.get(t.http, '/wallet/v1/devices/push-subscription'), 200);
      await expectStatus(phone.put(t.http, '/wallet/v1/devices/push-subscription', pushService.subscribe()), 200);
    } finally {
      await pushService.close();
    }
    await expectStatus(phone.get(t.http, '/wallet/v1/history'), 200);
    await expectStatus(phone.delete(t.http, '/wallet/v1/devices/current'), 200);
  });

  it('answers the document, review, webhook and verification routes as declared', async () => {
    const token = await integrator.authorize();
    const v1 = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, token });
    const file = { url: pdfUrl, title: 'Schema contract' };
    const webhook = { host: 'https://example.com/hook', reference: 'schema-1' };
    const signee = (nin: string) => ({ nin, name: nin, type: 'person', email: `${nin}@example.com`, representing: '' });
    for (const [client, version] of [
      [integrator, 'v2'],
      [v1, 'v1'],
    ] as const) {
      const signing = (
        await expectStatus(client.post(`/api/${version}/document/signing`, { to: [ada], file, webhook }), 201)
      ).data;
      await expectStatus(client.post(`/api/${version}/document/review`, { signee: [signee(ada)], file, webhook }), 201);
      await expectStatus(client.post(`/api/${version}/document/refresh`, { flow: signing.request.id }), 200);
      await expectStatus(client.post(`/api/${version}/document/audit`, { flow: signing.request.id }), 200);
    }
    const advanced = (
      await expectStatus(
        integrator.post('/api/v2/document/review', { signee: [signee(ada)], file, webhook, signature: 'advanced' }),
        201,
      )
    ).data;
    await expectStatus(integrator.post('/api/v2/document/wallet', { flow: advanced.request.id, nin: ada }), 201);

    const review = (
      await expectStatus(
        integrator.post('/api/v2/document/review', { signee: [signee(ada), signee(jide)], file, webhook }),
        201,
      )
    ).data;
    const page = new URL(review.link).pathname;
    await expectStatus(t.http().get(`${page}/state`), 200);
    await expectStatus(t.http().post(`${page}/signees/1/push`), 200);
    await expectStatus(t.http().post(`${page}/signees/0/sandbox-sign`), 200);
    await expectStatus(t.http().post(`${page}/signees/1/sandbox-sign`), 200);
    const stamped = (
      await untilCompleted(
        async () =>
          (await expectStatus(integrator.post('/api/v2/document/refresh', { flow: review.request.id }), 200)).data.doc,
      )
    ).file.stamped as string;
    const declined = (
      await expectStatus(integrator.post('/api/v2/document/review', { signee: [signee(ada)], file, webhook }), 201)
    ).data;
    await expectStatus(t.http().post(`${new URL(declined.link).pathname}/signees/0/decline`), 200);

    const bytes = (await t.http().get(new URL(stamped).pathname).buffer(true).expect(200)).body as Buffer;
    await expectStatus(t.http().post('/verify').set('content-type', 'application/pdf').send(bytes), 200);
    await expectStatus(admin().post(`/admin/documents/${review.request.id}/archive/renew`), 201);
    await expectStatus(admin().post('/admin/seal/revoke'), 201);

    const deliveries = (await expectStatus(t.http().get('/api/v2/webhooks/deliveries').set(credentials(sandbox)), 200))
      .data.deliveries;
    await expectStatus(
      t.http().post(`/api/v2/webhooks/deliveries/${deliveries[0].id}/redeliver`).set(credentials(sandbox)),
      201,
    );
    // The operator's view of the same deliveries; another one is sent again, as the first may be under way.
    const listed = (await expectStatus(admin().get(`/admin/apps/${sandbox.appId}/webhook-deliveries`), 200)).data;
    expect(listed.deliveries.length).toBeGreaterThan(1);
    const other = listed.deliveries.at(-1).id as string;
    await expectStatus(admin().post(`/admin/apps/${sandbox.appId}/webhook-deliveries/${other}/redeliver`), 201);
    const searched = listed.deliveries[0] as { flow: string; reference: string };
    await expectStatus(admin().get('/admin/flows').query({ reference: searched.reference }), 200);
    await expectStatus(admin().get(`/admin/flows/${searched.flow}`), 200);
  });

  it('answers the app update and the hosted OIDC login page as declared', async () => {
    await expectStatus(
      admin()
        .patch(`/admin/apps/${sandbox.appId}`)
        .send({ redirectUris: [REDIRECT_URI] }),
      200,
    );
    const client = await discover(`${baseUrl}/oidc`, sandbox.appId, { secret: sandbox.appSecret });
    const pushed = await startLogin(client);
    await progressOf(pushed);
    const page = (login: StartedLogin, action: string, body: object) =>
      login.browser.request(`${login.pageUrl}/${action}`, { json: body });
    expect((await page(pushed, 'push', { nin: ada })).status).toBe(201);
    expect((await page(pushed, 'cancel', {})).status).toBe(201);
    const approved = await startLogin(client);
    expect((await page(approved, 'sandbox-approve', { nin: ada })).status).toBe(201);

    await expectStatus(admin().post('/admin/operators').send({ nin: ada, name: 'Ada', role: 'viewer' }), 201);
    const tokens = await openid.authorizationCodeGrant(client, await returnToClient(approved), {
      pkceCodeVerifier: approved.verifier,
      expectedState: approved.state,
      expectedNonce: approved.nonce,
    });
    const session = (await expectStatus(t.http().post('/admin/session').send({ idToken: tokens.id_token }), 201)).data;
    const bearer = `Bearer ${session.token}`;
    await expectStatus(t.http().get('/admin/session').set('authorization', bearer), 200);
    await expectStatus(t.http().delete('/admin/session').set('authorization', bearer), 200);
  });

  it('answers the EU wallet identification, its verifier and the sandbox wallet as declared', async () => {
    const create = (extra: { origin?: string } = {}) =>
      expectStatus(
        t
          .http()
          .post('/api/v2/identification/wallet')
          .set(credentials(sandbox))
          .send({ action: 'login', claims: ['naming.given'], payload: 'Log in', ...extra }),
        201,
      );
    const answered = ((await create()) as { data: { presentation: { uri: string } } }).data.presentation.uri;
    const requestUri = new URL(new URL(answered).searchParams.get('request_uri') as string);
    const request = await TestWallet.readRequest(answered, (await t.http().get(requestUri.pathname).expect(200)).text);
    const wallet = await TestWallet.holding(pidIssuer, { given_name: 'Erika' });
    const response = await TestWallet.encryptResponse(request, await wallet.present(request));
    await expectStatus(t.http().post(new URL(request.responseUri).pathname).type('form').send({ response }), 200);

    const origin = 'https://shop.example';
    const { presentation } = (
      (await create({ origin })) as {
        data: {
          presentation: {
            digitalCredentials: { protocol: string; data: { request: string } };
            digitalCredentialsResponseUri: string;
          };
        };
      }
    ).data;
    const dcApi = await TestWallet.readDigitalCredentialsRequest(presentation.digitalCredentials, origin);
    const dcApiResponse = await TestWallet.encryptResponse(dcApi, await wallet.present(dcApi));
    await expectStatus(
      t.http().post(new URL(presentation.digitalCredentialsResponseUri).pathname).send({ response: dcApiResponse }),
      200,
    );

    const { request: sandboxFlow, presentation: sandboxPresentation } = (
      (await create()) as { data: { request: { id: string }; presentation: { requestUri: string } } }
    ).data;
    const sandboxed = sandboxFlow.id;
    const asked = decodeJwt(
      (await t.http().get(new URL(sandboxPresentation.requestUri).pathname).expect(200)).text,
    ) as { client_id: string; nonce: string };
    await expectStatus(
      t.http().post(`/api/v2/sandbox/flows/${sandboxed}/present`).set(credentials(sandbox)).send({}),
      201,
    );

    const payment = { payee: { name: 'Acme Shop', id: 'DE89370400440532013000' }, amount: 12, currency: 'EUR' };
    const signing = await expectStatus(
      t
        .http()
        .post('/api/v2/signing/wallet')
        .set(credentials(sandbox))
        .send({ action: 'confirm', payload: 'Pay 12 EUR to Acme Shop', payment }),
      201,
    );
    const signingId = (signing as { data: { request: { id: string } } }).data.request.id;
    await expectStatus(
      t.http().post(`/api/v2/sandbox/flows/${signingId}/present`).set(credentials(sandbox)).send({}),
      201,
    );
    // The erasure request the sandbox wallet's key signs, first at the wallet's endpoint, then by the sandbox route.
    const erasure = await erasureRequest(await sandboxWalletKey(t.app, asked.nonce), {
      aud: asked.client_id,
      nonce: asked.nonce,
      iat: Math.floor(Date.now() / 1000),
      jti: 'e1',
    });
    await expectStatus(t.http().post('/openid4vp/erasure-requests').send({ request: erasure }), 200);
    await expectStatus(
      t.http().post(`/api/v2/sandbox/flows/${sandboxed}/erase`).set(credentials(sandbox)).send({}),
      201,
    );
  });

  it("answers the sandbox signing provider's CSC API v2 as declared", async () => {
    await expectStatus(t.http().post('/csc/v2/info').send({}), 200);
    const csc = await CscSandboxClient.connect(t);
    const credentialID = await csc.credentialOf(ada);
    await expectStatus(csc.call('credentials/info', { credentialID }), 200);
    const hashes = [sha256Base64('a document')];
    const authorized = await expectStatus(
      csc.authorize(credentialID, hashes, await csc.authData(ada, credentialID, hashes)),
      200,
    );
    await expectStatus(csc.signHash(credentialID, (authorized as unknown as { SAD: string }).SAD, hashes), 200);
    await expectStatus(
      t.http().post('/api/v2/sandbox/signing-provider/revoke').set(credentials(sandbox)).send({ nin: ada }),
      201,
    );
  });

  it("answers a consumer's signing provider routes as declared", async () => {
    const providers = `/admin/consumers/${sandbox.consumerId}/signing-providers`;
    const settings = { environment: 'sandbox', baseUrl: 'http://127.0.0.1:1/csc/v2', clientId: 'c', clientSecret: 's' };
    await expectStatus(
      admin()
        .post(providers)
        .send({ name: 'schema-qtsp', ...settings }),
      201,
    );
    await expectStatus(admin().get(providers), 200);
    await expectStatus(admin().put(`${providers}/schema-qtsp`).send(settings), 200);
    await expectStatus(admin().post(`${providers}/schema-qtsp/check`), 200);
    await expectStatus(admin().delete(`${providers}/schema-qtsp`), 200);
  });

  it('leaves no route that declares a JSON answer unchecked', () => {
    const declared = schemaCheck().declaredJsonSuccesses();
    expect(declared.length).toBeGreaterThan(50);
    expect(declared.filter((label) => !schemaCheck().checked.has(label))).toEqual([]);
  });

  it('reports a body that strays from its schema, naming the route and the field', () => {
    const before = schemaCheck().violations.length;
    schemaCheck().inspect('POST', '/api/v2/flow/ping', 200, {
      status: 'successful',
      reason: 'Flow state',
      version: 'v2',
      data: { request: { id: 42 } },
    });
    const reported = schemaCheck().violations.splice(before);
    expect(reported).toEqual([expect.stringMatching(/^POST \/api\/v2\/flow\/ping 200: .*\/data\/request/)]);
  });
});
