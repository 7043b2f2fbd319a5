import { randomBytes } from 'node:crypto';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { erasureRequest, sandboxWalletKey } from '../support/eudi-erasure-request';
import { IntegratorClient } from '../support/integrator-client';
import { decryptClaims } from '../support/released-claims';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { ADMIN_TOKEN } from '../support/test-config';
import { type TestApp, createTestApp } from '../support/test-app';
import { type ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const CLAIMS = ['naming.given', 'bio.birthdate'];
const ERASURES = '/openid4vp/erasure-requests';

/** What a wallet knows of the request it answered: the verifier it answered and the nonce its key binding signed. */
interface Answered {
  id: string;
  clientId: string;
  nonce: string;
}

const now = () => Math.floor(Date.now() / 1000);
const jti = () => randomBytes(12).toString('base64url');

describe(`erasure requests from the EU wallet (CIR 2024/2982 Article 6) on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const ping = async (id: string) =>
    (await t.http().post('/api/v2/flow/ping').set(credentials(sandbox)).send({ request: id }).expect(200)).body.data
      .request;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);

  /** A wallet flow reporting to the receiver under `reference`, answered by the sandbox wallet. */
  async function presented(
    reference: string,
    more: Record<string, unknown> = {},
    format = 'dc+sd-jwt',
  ): Promise<Answered> {
    const created = await new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret })
      .create('wallet', {
        action: 'login',
        claims: CLAIMS,
        payload: 'Log in to Acme',
        webhook: { host: receiver.url, reference },
        ...more,
      })
      .expect(201);
    const { request, presentation } = created.body.data;
    const requestObject = await t.http().get(presentation.requestUri.slice(t.config.BASE_URL.length)).expect(200);
    const { client_id: clientId, nonce } = decodeJwt(requestObject.text) as { client_id: string; nonce: string };
    await t
      .http()
      .post(`/api/v2/sandbox/flows/${request.id}/present`)
      .set(credentials(sandbox))
      .send({ format })
      .expect(201);
    return { id: request.id as string, clientId, nonce };
  }

  /** The key the sandbox wallet bound this flow's PID to: the presenting wallet's own. */
  const walletKey = (flow: Answered) => sandboxWalletKey(t.app, flow.nonce);

  async function anotherKey() {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    return { privateKey, publicJwk: await exportJWK(publicKey) };
  }

  const verified = (hit: ReceivedWebhook) =>
    new Webhook(sandbox.webhookSecret).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    });

  it('erases the claims on request of the wallet that presented, tells the app by a signed webhook, once', async () => {
    const flow = await presented('erasure-sandbox');
    const before = await ping(flow.id);
    await expect(decryptClaims(sandbox.privateKey, before.claims)).resolves.toMatchObject({
      naming: { given: expect.any(String) },
      bio: { birthdate: expect.any(String) },
    });

    const answered = await t
      .http()
      .post(`/api/v2/sandbox/flows/${flow.id}/erase`)
      .set(credentials(sandbox))
      .send({})
      .expect(201);
    const erasure = answered.body.data.erasure;
    expect(answered.body.data).toMatchObject({
      request: { id: flow.id, status: 'completed', claims: {} },
      erasure: { id: expect.stringMatching(/^era_/), claims: CLAIMS, receivedAt: expect.any(Number) },
      repeated: false,
    });

    // Ping answers as for a completed identification that released nothing (spec 2.8): the person, not their data.
    const after = await ping(flow.id);
    expect(after).toMatchObject({ status: 'completed', cancelled: false, claims: {}, subject: before.subject });
    expect(after.user).toBe(before.user);

    const [completed, requested] = await receiver.waitFor('erasure-sandbox', 2);
    expect(completed.json.type).toBe('identification.completed');
    expect(verified(requested)).toEqual(requested.json);
    expect(requested.json).toMatchObject({
      type: 'identification.erasure_requested',
      flow: flow.id,
      reference: 'erasure-sandbox',
      data: {
        request: { id: flow.id, status: 'completed', claims: {}, subject: before.subject },
        erasure,
      },
    });

    // The body kept for redelivering the completed webhook no longer carries the claims either.
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT type, payload FROM webhook_deliveries WHERE flow_id = '${flow.id}' ORDER BY created_at`);
    for (const row of rows as Array<{ payload: string }>) {
      expect(JSON.parse(row.payload).data.request.claims).toEqual({});
      for (const value of Object.values(before.claims as Record<string, Record<string, string>>)) {
        for (const jwe of Object.values(value)) expect(row.payload).not.toContain(jwe);
      }
    }

    // The record: which flow, app and claims, and when; not the values, not the wallet's key.
    const [record] = await t.app.get(DataSource).query(`SELECT * FROM wallet_erasures WHERE flow_id = '${flow.id}'`);
    expect(Object.keys(record).sort()).toEqual(['app_id', 'claims', 'flow_id', 'id', 'received_at', 'request_id']);
    expect(record).toMatchObject({ id: erasure.id, app_id: sandbox.appId, claims: JSON.stringify(CLAIMS) });
    expect(JSON.stringify(record)).not.toContain(String(before.user).slice(4));

    // A repeat is harmless: the first record again, nothing erased or sent twice.
    const repeat = await t
      .http()
      .post(`/api/v2/sandbox/flows/${flow.id}/erase`)
      .set(credentials(sandbox))
      .send({})
      .expect(201);
    expect(repeat.body.data).toMatchObject({ erasure, repeated: true });
    const deliveries = await t
      .http()
      .get('/api/v2/webhooks/deliveries?reference=erasure-sandbox')
      .set(credentials(sandbox))
      .expect(200);
    expect(deliveries.body.data.deliveries.map((delivery: { type: string }) => delivery.type).sort()).toEqual([
      'identification.completed',
      'identification.erasure_requested',
    ]);

    const timeline = (await admin().get(`/admin/flows/${flow.id}`).expect(200)).body.data.timeline;
    expect(timeline.map((moment: { event: string }) => moment.event)).toContainEqual(
      expect.stringMatching(/^webhook identification\.erasure_requested: /),
    );
  });

  it("takes a wallet's own request at the public endpoint, signed with the key its presentation was bound to", async () => {
    const flow = await presented('erasure-public');
    const request = await erasureRequest(await walletKey(flow), {
      aud: flow.clientId,
      nonce: flow.nonce,
      iat: now(),
      jti: 'wallet-log-17',
    });
    const answered = await t.http().post(ERASURES).send({ request }).expect(200);
    expect(answered.body).toEqual({
      erasure: { id: expect.stringMatching(/^era_/), claims: CLAIMS, receivedAt: expect.any(Number) },
      repeated: false,
    });
    expect((await ping(flow.id)).claims).toEqual({});
    const [record] = await t.app
      .get(DataSource)
      .query(`SELECT request_id FROM wallet_erasures WHERE flow_id = '${flow.id}'`);
    expect(record.request_id).toBe('wallet-log-17');
    // The same request again, within its five minutes: answered as done.
    expect((await t.http().post(ERASURES).send({ request }).expect(200)).body).toEqual({
      ...answered.body,
      repeated: true,
    });
  });

  it("takes the request of a wallet that presented an mdoc PID, signed with the mdoc's device key", async () => {
    const flow = await presented('erasure-mdoc', {}, 'mso_mdoc');
    const request = await erasureRequest(await walletKey(flow), {
      aud: flow.clientId,
      nonce: flow.nonce,
      iat: now(),
      jti: jti(),
    });
    const answered = await t.http().post(ERASURES).send({ request }).expect(200);
    expect(answered.body.erasure.claims).toEqual(CLAIMS);
    expect(await ping(flow.id)).toMatchObject({ status: 'completed', claims: {} });
    const [, requested] = await receiver.waitFor('erasure-mdoc', 2);
    expect(verified(requested)).toMatchObject({ type: 'identification.erasure_requested', flow: flow.id });
  });

  it('refuses a forged request, leaving the claims where they are', async () => {
    const flow = await presented('erasure-forged');
    const claims = { aud: flow.clientId, nonce: flow.nonce, iat: now(), jti: jti() };

    // Someone who saw the request object knows its nonce and client_id, but signs with a key of their own.
    const byAnother = await t
      .http()
      .post(ERASURES)
      .send({ request: await erasureRequest(await anotherKey(), claims) })
      .expect(403);
    expect(byAnother.body).toMatchObject({
      status: 'failed',
      reason: 'The erasure request is forged: it is not signed by the key the presentation was bound to',
    });

    // The wallet's request with its payload changed: its signature no longer holds.
    const genuine = await erasureRequest(await walletKey(flow), claims);
    const [header, , signature] = genuine.split('.');
    const altered = Buffer.from(JSON.stringify({ ...claims, jti: 'changed' })).toString('base64url');
    const tampered = await t
      .http()
      .post(ERASURES)
      .send({ request: `${header}.${altered}.${signature}` })
      .expect(403);
    expect(tampered.body.reason).toBe('The erasure request is forged: its signature does not hold by its own key');

    const stale = await t
      .http()
      .post(ERASURES)
      .send({ request: await erasureRequest(await walletKey(flow), { ...claims, iat: now() - 3600 }) })
      .expect(400);
    expect(stale.body.reason).toMatch(/^The erasure request is not valid: /);
    const unsigned = await t.http().post(ERASURES).send({ request: 'not-a-jws' }).expect(400);
    expect(unsigned.body.reason).toBe('The erasure request must be a compact JWS of type erasure-request+jwt');
    await t.http().post(ERASURES).send({}).expect(400);

    const after = await ping(flow.id);
    await expect(decryptClaims(sandbox.privateKey, after.claims)).resolves.toMatchObject({
      naming: { given: expect.any(String) },
    });
    expect(receiver.hitsFor('erasure-forged').map((hit) => hit.json.type)).toEqual(['identification.completed']);
    const records = await t.app.get(DataSource).query(`SELECT id FROM wallet_erasures WHERE flow_id = '${flow.id}'`);
    expect(records).toEqual([]);
  });

  it("refuses a request naming another deployment's presentation, or none this verifier accepted", async () => {
    const flow = await presented('erasure-elsewhere');
    const key = await walletKey(flow);

    const unknown = await t
      .http()
      .post(ERASURES)
      .send({
        request: await erasureRequest(key, {
          aud: flow.clientId,
          nonce: 'n-0f-another-deployment',
          iat: now(),
          jti: jti(),
        }),
      })
      .expect(404);
    expect(unknown.body.reason).toBe(
      'The erasure request names no presentation this verifier accepted (nonce): nothing was released here',
    );

    const otherVerifier = await t
      .http()
      .post(ERASURES)
      .send({
        request: await erasureRequest(key, {
          aud: 'x509_hash:another-verifier',
          nonce: flow.nonce,
          iat: now(),
          jti: jti(),
        }),
      })
      .expect(400);
    expect(otherVerifier.body.reason).toBe(
      "The erasure request is for another verifier: its aud is not this one's client_id",
    );

    // A wallet flow nobody presented to released nothing.
    const pending = await new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret })
      .create('wallet', { action: 'login', claims: CLAIMS, payload: 'Log in to Acme' })
      .expect(201);
    const open = decodeJwt(
      (await t.http().get(pending.body.data.presentation.requestUri.slice(t.config.BASE_URL.length)).expect(200)).text,
    ) as { nonce: string };
    await t
      .http()
      .post(ERASURES)
      .send({ request: await erasureRequest(key, { aud: flow.clientId, nonce: open.nonce, iat: now(), jti: jti() }) })
      .expect(404);
    await t
      .http()
      .post(`/api/v2/sandbox/flows/${pending.body.data.request.id}/erase`)
      .set(credentials(sandbox))
      .expect(404);

    expect((await ping(flow.id)).claims).not.toEqual({});
  });

  it("keeps the intended use a wallet flow was created under, on ping and in the operator's flow view", async () => {
    const use = {
      name: 'account-login',
      purpose: 'To log you in to Acme',
      credentials: ['urn:eudi:pid:1', 'eu.europa.ec.eudi.pid.1'],
      claims: CLAIMS,
    };
    await admin().post(`/admin/apps/${sandbox.appId}/intended-uses`).send(use).expect(201);
    try {
      const flow = await presented('erasure-intended-use', { intendedUse: 'account-login' });
      expect(await ping(flow.id)).toMatchObject({ status: 'completed', intendedUse: 'account-login' });
      const [completed] = await receiver.waitFor('erasure-intended-use', 1);
      expect(completed.json.data).toMatchObject({ request: { intendedUse: 'account-login' } });
      expect((await admin().get(`/admin/flows/${flow.id}`).expect(200)).body.data).toMatchObject({
        id: flow.id,
        intendedUse: 'account-login',
      });
    } finally {
      await admin().delete(`/admin/apps/${sandbox.appId}/intended-uses/${use.name}`).expect(200);
    }
    // A flow of an app that registered none names none.
    const unregistered = await presented('erasure-no-intended-use');
    expect((await ping(unregistered.id)).intendedUse).toBeUndefined();
    expect((await admin().get(`/admin/flows/${unregistered.id}`).expect(200)).body.data.intendedUse).toBeNull();
  });
});
