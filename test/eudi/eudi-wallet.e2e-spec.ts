import { execFileSync } from 'node:child_process';
import { DateOnly } from '@owf/mdoc';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { CompactEncrypt, decodeJwt, importJWK } from 'jose';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import {
  type ReadRequest,
  type Spoilers,
  type StatusListEntry,
  TestPidIssuer,
  TestWallet,
} from '../support/eudi-test-wallet';
import { type MdocSpoilers, TestMdocWallet } from '../support/eudi-test-mdoc-wallet';
import { IntegratorClient } from '../support/integrator-client';
import { runCli } from '../support/operator-cli';
import { accessCertificate, checkedVerifierInfo, registrationCertificate } from '../support/eudi-registration';
import { ADMIN_TOKEN } from '../support/test-config';
import { LocalServer } from '../support/local-server';
import { decryptClaims } from '../support/released-claims';
import { selfSignedCertificate } from '../support/self-signed-certificate';
import { bootstrapSandbox, credentials, testPerson } from '../support/sandbox-tenant';
import { type TestApp, createTestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/** A PID as the PID Rulebook writes one in SD-JWT VC form. */
const PID = {
  family_name: 'Mustermann',
  given_name: 'Erika',
  birthdate: '1984-01-26',
  nationalities: ['DE'],
  place_of_birth: { locality: 'Berlin', country: 'DE' },
  address: { locality: 'Köln', postal_code: '51147', country: 'DE', street_address: 'Heidestraße', house_number: '17' },
  email: 'erika@example.com',
  personal_administrative_number: '123456789',
};

/** The same PID as the PID Rulebook writes it in ISO mdoc form: other names, and a CBOR full-date. */
const PID_MDOC = {
  family_name: 'Mustermann',
  given_name: 'Erika',
  birth_date: new DateOnly('1984-01-26'),
  nationality: ['DE'],
  place_of_birth: { locality: 'Berlin', country: 'DE' },
  resident_city: 'Köln',
  resident_postal_code: '51147',
  resident_country: 'DE',
  email_address: 'erika@example.com',
};

describe('identification with an EU Digital Identity Wallet (OpenID4VP 1.0, SD-JWT VC and mdoc PID)', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let trusted: TestPidIssuer;
  let expired: TestPidIssuer;
  let dir: string;

  beforeAll(async () => {
    trusted = await TestPidIssuer.create('Test PID issuer');
    // Its CA is on the trust list: only its own certificate's end refuses it.
    expired = await TestPidIssuer.create('Expired issuer', { expiredDaysAgo: 1 });
    dir = mkdtempSync(join(tmpdir(), 'idflow-eudi-'));
    writeFileSync(join(dir, 'trust-list.pem'), trusted.caPem + expired.caPem);
    // The status lists are served from 127.0.0.1 over plain http, which the outbound guard refuses otherwise.
    t = await createTestApp({
      env: {
        EUDI_TRUST_LIST_PATH: join(dir, 'trust-list.pem'),
        ALLOW_PRIVATE_URLS: 'true',
        ALLOW_INSECURE_URLS: 'true',
      },
    });
    sandbox = await bootstrapSandbox(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A wallet identification of the sandbox app, asking a login for `claims`, with what `more` adds to the body. */
  const createWallet = (claims: string[], more: Record<string, unknown> = {}) =>
    new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret }).create('wallet', {
      action: 'login',
      claims,
      payload: 'Log in to Acme',
      ...more,
    });
  const ping = async (id: string) =>
    (await t.http().post('/api/v2/flow/ping').set(credentials(sandbox)).send({ request: id }).expect(200)).body.data
      .request;
  const pathOf = (url: string) => url.slice(t.config.BASE_URL.length);

  /** The wallet's side: fetch the request object by request_uri and read it. */
  async function read(uri: string): Promise<ReadRequest> {
    const requestUri = new URL(uri).searchParams.get('request_uri') as string;
    const fetched = await t.http().get(pathOf(requestUri)).expect(200);
    expect(fetched.headers['content-type']).toMatch(/^application\/oauth-authz-req\+jwt/);
    return TestWallet.readRequest(uri, fetched.text);
  }

  async function post(request: ReadRequest, response: string) {
    return t.http().post(pathOf(request.responseUri)).type('form').send({ response });
  }

  async function start(claims: string[]) {
    const created = await createWallet(claims).expect(201);
    const { request, presentation } = created.body.data;
    return { id: request.id as string, uri: presentation.uri as string };
  }

  /** A flow answered by a wallet holding a PID of this issuer, spoiled as asked; the wallet's answer. */
  async function answer(issuer: TestPidIssuer, spoilers: Spoilers = {}, status?: StatusListEntry) {
    const { id, uri } = await start(['naming.given', 'bio.birthdate']);
    const request = await read(uri);
    const wallet = await TestWallet.holding(issuer, PID, status);
    const response = await post(
      request,
      await TestWallet.encryptResponse(request, await wallet.present(request, spoilers)),
    );
    return { id, response };
  }

  /**
   * A 400 to the sender that says why, and the flow left pending with no reason on it: a presentation that does not
   * verify may be anyone's, so only the wallet's own refusal or a valid presentation ends the flow.
   */
  async function expectRefused(id: string, response: { status: number; body: { reason: string } }, reason: RegExp) {
    expect(response.status).toBe(400);
    expect(response.body.reason).toMatch(reason);
    const after = await ping(id);
    expect(after).toMatchObject({ status: 'pending', cancelled: false });
    expect(after.reason).toBeUndefined();
  }

  it('completes with the claims the PID proves, each encrypted to the app, having asked for exactly those', async () => {
    const claims = ['naming.name', 'bio.birthdate', 'address.city', 'nationality.nationalities'];
    const created = await createWallet(claims).expect(201);
    const { request: flow, presentation } = created.body.data;
    expect(flow).toMatchObject({ mode: 'identification', acquireClaims: claims, user: '' });
    expect(presentation.uri).toMatch(/^openid4vp:\/\/\?/);
    expect(presentation.clientId).toMatch(/^x509_hash:[\w-]{43}$/);
    expect(await ping(flow.id)).toMatchObject({ status: 'pending', startMode: 'wallet' });

    const request = await read(presentation.uri);
    expect(request.requestedPaths.sort()).toEqual(
      ['given_name', 'family_name', 'birthdate', 'address.locality', 'nationalities'].sort(),
    );
    expect(request.payload).toMatchObject({ response_type: 'vp_token', aud: 'https://self-issued.me/v2' });
    const wallet = await TestWallet.holding(trusted, PID);
    const answered = await post(request, await TestWallet.encryptResponse(request, await wallet.present(request)));
    expect(answered.status).toBe(200);

    const done = await ping(flow.id);
    expect(done).toMatchObject({ status: 'completed', cancelled: false, subject: expect.any(String) });
    await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual({
      naming: { name: 'Erika Mustermann' },
      bio: { birthdate: '1984-01-26' },
      address: { city: 'Köln' },
      nationality: { nationalities: ['DE'] },
    });
  });

  it('refuses at create, naming them, the claims a PID cannot prove', async () => {
    const refused = await createWallet(['naming.given', 'financial.bvn', 'medical.bloodType']).expect(400);
    expect(refused.body.reason).toBe('A PID cannot prove financial.bvn, medical.bloodType');
    expect(refused.body.errors).toEqual([
      { code: 'custom', path: ['claims', 1], message: "financial.bvn cannot be proved by an EU wallet's PID" },
      { code: 'custom', path: ['claims', 2], message: "medical.bloodType cannot be proved by an EU wallet's PID" },
    ]);
  });

  it('gives each flow a fresh nonce, state and response key', async () => {
    const first = await read((await start(['naming.given'])).uri);
    const second = await read((await start(['naming.given'])).uri);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.state).not.toBe(first.state);
    expect(second.encryptionKey.x).not.toBe(first.encryptionKey.x);
  });

  it("refuses a PID whose issuer's signature does not hold", async () => {
    const { id, response } = await answer(trusted, { badIssuerSignature: true });
    await expectRefused(id, response, /issuer's signature does not hold/);
  });

  it('refuses a PID from an issuer that is not on the trust list', async () => {
    const { id, response } = await answer(await TestPidIssuer.create('Unknown issuer'));
    await expectRefused(id, response, /not on the trust list/);
  });

  it('refuses a PID whose issuer certificate has expired', async () => {
    const { id, response } = await answer(expired);
    await expectRefused(id, response, /expired or not yet valid/);
  });

  it('refuses a presentation without a key binding JWT', async () => {
    const { id, response } = await answer(trusted, { noKeyBinding: true });
    await expectRefused(id, response, /no key binding JWT/);
  });

  it("refuses a key binding JWT that is not signed by the credential's holder key", async () => {
    const { id, response } = await answer(trusted, { wrongKeyBindingKey: true });
    await expectRefused(id, response, /not signed by the credential's holder key/);
  });

  it("refuses a presentation replayed from another flow (the other flow's nonce)", async () => {
    const first = await start(['naming.given']);
    const firstRequest = await read(first.uri);
    const wallet = await TestWallet.holding(trusted, PID);
    const presented = await wallet.present(firstRequest);
    expect((await post(firstRequest, await TestWallet.encryptResponse(firstRequest, presented))).status).toBe(200);

    const second = await start(['naming.given']);
    const secondRequest = await read(second.uri);
    const replayed = await post(
      secondRequest,
      await TestWallet.encryptResponse(secondRequest, await wallet.present(secondRequest, { replay: presented })),
    );
    await expectRefused(second.id, replayed, /another request \(nonce\)/);
    expect(await ping(first.id)).toMatchObject({ status: 'completed' });
  });

  describe('revocation through Token Status Lists', () => {
    /** The issuers' status list server: each token at its path, and how often each path was fetched. */
    let lists: LocalServer;
    const tokens = new Map<string, string>();
    const fetches = new Map<string, number>();

    beforeAll(async () => {
      lists = await LocalServer.start((request, response) => {
        const path = request.url ?? '';
        fetches.set(path, (fetches.get(path) ?? 0) + 1);
        const token = tokens.get(path);
        response.writeHead(token ? 200 : 404, { 'content-type': 'application/statuslist+jwt' }).end(token ?? '');
      });
    });
    afterAll(() => lists.close());

    /** Serves a list of `statuses` (0 valid, 1 revoked) signed by `issuer` at a path of its own; its URI. */
    async function publish(
      path: string,
      statuses: number[],
      issuer = trusted,
      options: Parameters<TestPidIssuer['statusListToken']>[2] = {},
    ): Promise<string> {
      const uri = `${lists.origin}${path}`;
      tokens.set(path, await issuer.statusListToken(uri, statuses, options));
      return uri;
    }

    it('accepts a PID whose status is VALID', async () => {
      const uri = await publish('/valid', [1, 0, 1]);
      const { id, response } = await answer(trusted, {}, { uri, idx: 1 });
      expect(response.status).toBe(200);
      expect(await ping(id)).toMatchObject({ status: 'completed' });
    });

    it("accepts a status list made by an issuer whose clock runs up to a minute ahead of idflow's", async () => {
      const uri = await publish('/ahead', [0, 0], trusted, { clockAheadSeconds: 30 });
      const { id, response } = await answer(trusted, {}, { uri, idx: 1 });
      expect(response.status).toBe(200);
      expect(await ping(id)).toMatchObject({ status: 'completed' });
    });

    it('refuses a revoked PID, naming the list and the index', async () => {
      const uri = await publish('/revoked', [0, 0, 1, 0]);
      const { id, response } = await answer(trusted, {}, { uri, idx: 2 });
      await expectRefused(
        id,
        response,
        /^The credential is revoked \(status list http:\/\/127\.0\.0\.1:\d+\/revoked, index 2\)$/,
      );
    });

    it('refuses a PID whose status list cannot be fetched', async () => {
      const gone = await LocalServer.start((_request, response) => response.end());
      const uri = `${gone.origin}/list`;
      await gone.close();
      const { id, response } = await answer(trusted, {}, { uri, idx: 0 });
      await expectRefused(id, response, /^The credential's status list .* cannot be fetched: /);

      const missing = await answer(trusted, {}, { uri: `${lists.origin}/never-published`, idx: 0 });
      await expectRefused(missing.id, missing.response, /cannot be fetched: answered 404/);
    });

    it('refuses a PID whose status list is signed by an issuer off the trust list, or is for another list', async () => {
      const stranger = await TestPidIssuer.create('Unknown list signer');
      const untrusted = await answer(trusted, {}, { uri: await publish('/untrusted', [0], stranger), idx: 0 });
      await expectRefused(untrusted.id, untrusted.response, /status list .* is not signed by a trusted issuer/);

      const elsewhere = await publish('/elsewhere', [0], trusted, { sub: 'https://issuer.test/other' });
      const other = await answer(trusted, {}, { uri: elsewhere, idx: 0 });
      await expectRefused(other.id, other.response, /is for another list \(sub https:\/\/issuer\.test\/other\)/);
    });

    it('fetches a list once within its ttl, and again after it', async () => {
      const cached = await publish('/cached', [0, 0], trusted, { ttl: 300 });
      for (const idx of [0, 1]) expect((await answer(trusted, {}, { uri: cached, idx })).response.status).toBe(200);
      expect(fetches.get('/cached')).toBe(1);

      const short = await publish('/short', [0], trusted, { ttl: 1 });
      expect((await answer(trusted, {}, { uri: short, idx: 0 })).response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await answer(trusted, {}, { uri: short, idx: 0 })).response.status).toBe(200);
      expect(fetches.get('/short')).toBe(2);
    });
  });

  /** A 400 that names why, the flow left pending with nothing recorded on it, and the person's wallet still welcome. */
  async function expectIgnored(
    id: string,
    request: ReadRequest,
    response: { status: number; body: { reason: string } },
    reason: RegExp,
  ) {
    expect(response.status).toBe(400);
    expect(response.body.reason).toMatch(reason);
    const after = await ping(id);
    expect(after).toMatchObject({ status: 'pending', cancelled: false });
    expect(after.reason).toBeUndefined();
    const wallet = await TestWallet.holding(trusted, PID);
    expect((await post(request, await TestWallet.encryptResponse(request, await wallet.present(request)))).status).toBe(
      200,
    );
    expect(await ping(id)).toMatchObject({ status: 'completed' });
  }

  it('leaves the flow pending when the body is not a JWE, and the wallet can still answer', async () => {
    const { id, uri } = await start(['naming.given']);
    const request = await read(uri);
    await expectIgnored(id, request, await post(request, 'not-a-response'), /must be a JWE encrypted to this flow/);
  });

  it("leaves the flow pending when the response is encrypted to another flow's key", async () => {
    const mine = await start(['naming.given']);
    const theirs = await start(['naming.given']);
    const theirRequest = await read(theirs.uri);
    const mineRequest = await read(mine.uri);
    const wallet = await TestWallet.holding(trusted, PID);
    const forThem = await TestWallet.encryptResponse(theirRequest, await wallet.present(theirRequest));
    await expectIgnored(mine.id, mineRequest, await post(mineRequest, forThem), /not encrypted to this flow's key/);
    expect(await ping(theirs.id)).toMatchObject({ status: 'pending' });
  });

  it("leaves the flow pending when the response carries another flow's state", async () => {
    const { id, uri } = await start(['naming.given']);
    const request = await read(uri);
    const wallet = await TestWallet.holding(trusted, PID);
    const otherState = { ...request, state: 'another-flows-state' };
    const misdirected = await post(
      request,
      await TestWallet.encryptResponse(otherState, await wallet.present(request)),
    );
    await expectIgnored(id, request, misdirected, /state is not this flow's/);
  });

  describe('webhooks', () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
    });
    afterAll(() => receiver.close());

    /** A wallet flow that reports to the receiver under `reference`, answered by a wallet of this issuer. */
    async function answerWithWebhook(reference: string, issuer: TestPidIssuer, spoilers: Spoilers = {}) {
      const created = await createWallet(['naming.given'], { webhook: { host: receiver.url, reference } }).expect(201);
      const request = await read(created.body.data.presentation.uri);
      const wallet = await TestWallet.holding(issuer, PID);
      await post(request, await TestWallet.encryptResponse(request, await wallet.present(request, spoilers)));
      return created.body.data.request.id as string;
    }

    it("reports the wallet's refusal with its reason, signed like every webhook", async () => {
      const created = await createWallet(['naming.given'], {
        webhook: { host: receiver.url, reference: 'wallet-refused' },
      }).expect(201);
      const id = created.body.data.request.id as string;
      const request = await read(created.body.data.presentation.uri);
      const refusal = await TestWallet.encryptErrorResponse(request, 'access_denied', 'The person declined');
      expect((await post(request, refusal)).status).toBe(200);
      const [hit] = await receiver.waitFor('wallet-refused', 1);
      expect(hit.json).toMatchObject({
        type: 'identification.rejected',
        flow: id,
        data: {
          request: {
            id,
            status: 'rejected',
            cancelled: true,
            reason: 'The wallet refused: access_denied (The person declined)',
          },
        },
      });
      expect(hit.headers['webhook-signature']).toMatch(/^v1,/);
    });

    it('reports a verified presentation with the claims encrypted to the app, as ping shows them', async () => {
      const id = await answerWithWebhook('wallet-completed', trusted);
      const [hit] = await receiver.waitFor('wallet-completed', 1);
      expect(hit.json).toMatchObject({ type: 'identification.completed', flow: id });
      const { claims } = hit.json.data.request as { claims: Record<string, Record<string, string>> };
      await expect(decryptClaims(sandbox.privateKey, claims)).resolves.toEqual({ naming: { given: 'Erika' } });
    });

    it('reports a cancel, and refuses a webhook host the outbound guard would not call', async () => {
      const created = await createWallet(['naming.given'], {
        webhook: { host: receiver.url, reference: 'wallet-cancelled' },
      }).expect(201);
      const id = created.body.data.request.id as string;
      await t.http().post('/api/v2/flow/cancel').set(credentials(sandbox)).send({ request: id }).expect(201);
      const [hit] = await receiver.waitFor('wallet-cancelled', 1);
      expect(hit.json).toMatchObject({ type: 'identification.cancelled', data: { request: { id, cancelled: true } } });

      const refused = await createWallet(['naming.given'], {
        webhook: { host: 'ftp://shop.example/hooks', reference: 'x' },
      }).expect(400);
      expect(refused.body.errors[0]).toMatchObject({ path: ['webhook', 'host'] });
    });
  });

  describe('who may end a flow: only a presentation that verifies, or the wallet refusing', () => {
    /** Whoever fetched the public request object can encrypt to its key and copy its state: these are all theirs. */
    const noise = (request: ReadRequest): Array<[string, Record<string, unknown>]> => [
      ['no vp_token', { state: request.state }],
      ['a vp_token that is text', { vp_token: 'garbage', state: request.state }],
      ['a PID that is garbage', { vp_token: { pid: ['garbage'] }, state: request.state }],
      ['an empty vp_token', { vp_token: {}, state: request.state }],
    ];

    it('leaves the flow pending for a response to its key and state with a missing or garbage vp_token', async () => {
      const { id, uri } = await start(['naming.given']);
      const request = await read(uri);
      const [last, ...others] = noise(request).reverse();
      for (const [what, parameters] of others) {
        const refused = await post(request, await TestWallet.encrypt(request, parameters));
        expect({ what, status: refused.status }).toEqual({ what, status: 400 });
        expect(await ping(id)).toMatchObject({ status: 'pending', cancelled: false });
      }
      const refused = await post(request, await TestWallet.encrypt(request, last[1]));
      await expectIgnored(id, request, refused, /does not answer this request|must hold one PID/);
    });

    it("ends the flow rejected on the wallet's own error response, with the reason it gives", async () => {
      const { id, uri } = await start(['naming.given']);
      const request = await read(uri);
      const answered = await post(request, await TestWallet.encryptErrorResponse(request, 'access_denied'));
      expect(answered.status).toBe(200);
      expect(answered.body).toEqual({});
      expect(await ping(id)).toMatchObject({
        status: 'rejected',
        cancelled: true,
        reason: 'The wallet refused: access_denied',
      });
    });

    it('leaves the flow pending for an error response without its state, malformed, or not encrypted', async () => {
      const { id, uri } = await start(['naming.given']);
      const request = await read(uri);
      const malformed: Array<[Record<string, unknown>, RegExp]> = [
        [{ error: 'access_denied' }, /state is not this flow's/],
        [{ error: 'access_denied', state: 'another-flows-state' }, /state is not this flow's/],
        [{ error: 'access_denied', vp_token: { pid: ['x'] }, state: request.state }, /both an error and a vp_token/],
        [{ error: 'access\u202edenied', state: request.state }, /OAuth error code/],
        [{ error: 42, state: request.state }, /OAuth error code/],
        [{ error: 'access_denied', error_description: 'a\nb', state: request.state }, /error_description/],
      ];
      for (const [parameters, reason] of malformed) {
        const refused = await post(request, await TestWallet.encrypt(request, parameters));
        expect(refused.status).toBe(400);
        expect(refused.body.reason).toMatch(reason);
      }
      // Unencrypted, as direct_post would carry it: the flow asked for direct_post.jwt.
      const plain = await t
        .http()
        .post(pathOf(request.responseUri))
        .type('form')
        .send({ error: 'access_denied', state: request.state });
      expect(plain.body.errors).toContainEqual(expect.objectContaining({ path: ['response'] }));
      await expectIgnored(id, request, plain, /Validation failed/);
    });

    it('lets a real presentation win every race against a garbage answer of the right key and state', async () => {
      for (let round = 0; round < 10; round++) {
        const { id, uri } = await start(['naming.given']);
        const request = await read(uri);
        const wallet = await TestWallet.holding(trusted, PID);
        const real = await TestWallet.encryptResponse(request, await wallet.present(request));
        const garbage = await TestWallet.encrypt(request, noise(request)[round % 4][1]);
        // Sent in either order: the first sent has the head start.
        const [realAnswer, garbageAnswer] =
          round % 2 === 0
            ? await Promise.all([post(request, real), post(request, garbage)])
            : (await Promise.all([post(request, garbage), post(request, real)])).reverse();
        expect([realAnswer.status, garbageAnswer.status]).toEqual([200, 400]);
        expect(await ping(id)).toMatchObject({ status: 'completed' });
      }
    });

    it('answers raced copies of an answer once, and refuses a replayed one after the end', async () => {
      const { id, uri } = await start(['naming.given']);
      const request = await read(uri);
      const wallet = await TestWallet.holding(trusted, PID);
      const real = await TestWallet.encryptResponse(request, await wallet.present(request));
      const raced = await Promise.all([post(request, real), post(request, real)]);
      expect(raced.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const refusal = await TestWallet.encryptErrorResponse(request, 'access_denied');
      for (const replay of [real, refusal]) {
        const late = await post(request, replay);
        expect(late.status).toBe(400);
        expect(late.body.reason).toMatch(/already completed/);
      }
      expect(await ping(id)).toMatchObject({ status: 'completed' });

      const refused = await read((await start(['naming.given'])).uri);
      const answer = await TestWallet.encryptErrorResponse(refused, 'access_denied');
      const twice = await Promise.all([post(refused, answer), post(refused, answer)]);
      expect(twice.map((one) => one.status).sort()).toEqual([200, 400]);
      const after = await post(refused, answer);
      expect(after.body.reason).toMatch(/already rejected/);
    });
  });

  it('refuses a second answer to a flow that already completed', async () => {
    const { id, uri } = await start(['naming.given']);
    const request = await read(uri);
    const wallet = await TestWallet.holding(trusted, PID);
    const response = await TestWallet.encryptResponse(request, await wallet.present(request));
    expect((await post(request, response)).status).toBe(200);
    const again = await post(request, response);
    expect(again.status).toBe(400);
    expect(again.body.reason).toMatch(/already completed/);
    expect(await ping(id)).toMatchObject({ status: 'completed' });
  });

  describe("same device: the browser's Digital Credentials API", () => {
    const origin = 'https://shop.example';
    const createFor = (body: Record<string, unknown>) => createWallet(['naming.given', 'bio.birthdate'], body);

    it('signs a dc_api.jwt request for the given origin, and an answer posted through its route completes the flow', async () => {
      const created = await createFor({ origin: 'https://Shop.example:443' }).expect(201);
      const { request: flow, presentation } = created.body.data;
      const { digitalCredentials } = presentation;
      expect(digitalCredentials.protocol).toBe('openid4vp-v1-signed');
      expect(Object.keys(digitalCredentials.data)).toEqual(['request']);

      const request = await TestWallet.readDigitalCredentialsRequest(digitalCredentials, origin);
      expect(request.payload).toMatchObject({
        client_id: presentation.clientId,
        expected_origins: [origin],
        response_type: 'vp_token',
        response_mode: 'dc_api.jwt',
        nonce: expect.stringMatching(/^[\w-]{32}$/),
        dcql_query: {
          credentials: [
            { id: 'pid', format: 'dc+sd-jwt', meta: { vct_values: ['urn:eudi:pid:1'] } },
            { id: 'pid_mdoc', format: 'mso_mdoc' },
          ],
        },
      });
      expect(request.requestedPaths.sort()).toEqual(['birthdate', 'given_name']);
      expect(request.payload.response_uri).toBeUndefined();
      expect(request.encryptionKey).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'enc' });

      const wallet = await TestWallet.holding(trusted, PID);
      // What the browser returns in credential.data, posted by the page as it is.
      const data = { response: await TestWallet.encryptResponse(request, await wallet.present(request)) };
      const answered = await t.http().post(pathOf(presentation.digitalCredentialsResponseUri)).send(data);
      expect(answered.status).toBe(200);
      const done = await ping(flow.id);
      expect(done).toMatchObject({ status: 'completed' });
      await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual({
        naming: { given: 'Erika' },
        bio: { birthdate: '1984-01-26' },
      });
    });

    it("refuses a DC API answer whose key binding names the verifier's client_id instead of the page's origin", async () => {
      const created = await createFor({ origin }).expect(201);
      const { request: flow, presentation } = created.body.data;
      const request = await TestWallet.readDigitalCredentialsRequest(presentation.digitalCredentials, origin);
      const wallet = await TestWallet.holding(trusted, PID);
      const forClientId = { ...request, audience: request.clientId };
      const response = await TestWallet.encryptResponse(request, await wallet.present(forClientId));
      const refused = await t.http().post(pathOf(presentation.digitalCredentialsResponseUri)).send({ response });
      await expectRefused(flow.id, refused, /key binding JWT/);
    });

    it('makes no DC API request without an origin, and its route then leaves the flow pending', async () => {
      const created = await createFor({}).expect(201);
      const { request: flow, presentation } = created.body.data;
      expect(presentation.digitalCredentials).toBeUndefined();
      expect(presentation.digitalCredentialsResponseUri).toBeUndefined();
      const request = await read(presentation.uri);
      const wallet = await TestWallet.holding(trusted, PID);
      const response = await TestWallet.encryptResponse(request, await wallet.present(request));
      const refused = await t.http().post(`/openid4vp/dc-api-responses/${flow.id}`).send({ response });
      expect(refused.status).toBe(400);
      expect(refused.body.reason).toMatch(/made no Digital Credentials API request/);
      expect(await ping(flow.id)).toMatchObject({ status: 'pending' });
    });

    it.each(['http://shop.example', 'https://shop.example/login', 'shop.example', 'https://shop.example/'])(
      'refuses the origin %s at create',
      async (bad) => {
        const refused = await createFor({ origin: bad }).expect(400);
        expect(refused.body.errors[0]).toMatchObject({ path: ['origin'], message: expect.stringMatching(/origin/) });
      },
    );
  });

  describe('a PID as an ISO mdoc', () => {
    const MDOC = 'pid_mdoc';

    /** A flow answered by a wallet holding an mdoc PID of this issuer, spoiled as asked; the wallet's answer. */
    async function answerMdoc(wallet: TestMdocWallet, spoilers: MdocSpoilers = {}) {
      const { id, uri } = await start(['naming.given', 'bio.birthdate']);
      const request = await read(uri);
      const response = await post(
        request,
        await TestWallet.encryptResponse(request, await wallet.present(request, spoilers), MDOC),
      );
      return { id, response };
    }

    it('completes with the claims the mdoc proves, having asked for exactly their data elements', async () => {
      const claims = ['naming.name', 'bio.birthdate', 'bio.birthplace', 'address.city', 'nationality.nationalities'];
      const created = await createWallet(claims).expect(201);
      const { request: flow, presentation } = created.body.data;
      const request = await read(presentation.uri);
      expect(request.payload).toMatchObject({
        dcql_query: {
          credentials: [
            { id: 'pid' },
            { id: MDOC, format: 'mso_mdoc', meta: { doctype_value: 'eu.europa.ec.eudi.pid.1' } },
          ],
          credential_sets: [{ options: [['pid'], [MDOC]] }],
        },
        client_metadata: { vp_formats_supported: { mso_mdoc: { issuerauth_alg_values: [-7] } } },
      });
      expect(request.mdocElements.sort()).toEqual(
        ['given_name', 'family_name', 'birth_date', 'place_of_birth', 'resident_city', 'nationality'].sort(),
      );
      const wallet = await TestMdocWallet.holding(trusted, PID_MDOC);
      const presented = await wallet.present(request);
      const answered = await post(request, await TestWallet.encryptResponse(request, presented, MDOC));
      expect(answered.status).toBe(200);

      const done = await ping(flow.id);
      expect(done).toMatchObject({ status: 'completed', user: expect.stringMatching(/^pid:/) });
      await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual({
        naming: { name: 'Erika Mustermann' },
        bio: { birthdate: '1984-01-26', birthplace: 'Berlin' },
        address: { city: 'Köln' },
        nationality: { nationalities: ['DE'] },
      });
    });

    it("refuses an mdoc whose issuer's signature does not hold", async () => {
      const { id, response } = await answerMdoc(
        await TestMdocWallet.holding(trusted, PID_MDOC, { badIssuerSignature: true }),
      );
      await expectRefused(id, response, /issuer's signature does not hold/);
    });

    it('refuses an mdoc from an issuer that is not on the trust list', async () => {
      const { id, response } = await answerMdoc(
        await TestMdocWallet.holding(await TestPidIssuer.create('Unknown'), PID_MDOC),
      );
      await expectRefused(id, response, /not on the trust list/);
    });

    it('refuses an mdoc whose issuer certificate has expired', async () => {
      const { id, response } = await answerMdoc(await TestMdocWallet.holding(expired, PID_MDOC));
      await expectRefused(id, response, /expired or not yet valid/);
    });

    it('refuses an mdoc whose MSO is no longer valid', async () => {
      const { id, response } = await answerMdoc(await TestMdocWallet.holding(trusted, PID_MDOC, { expiredDaysAgo: 1 }));
      await expectRefused(id, response, /credential is expired/);
    });

    it('refuses a device signature by a key the MSO does not bind', async () => {
      const { id, response } = await answerMdoc(await TestMdocWallet.holding(trusted, PID_MDOC), {
        wrongDeviceKey: true,
      });
      await expectRefused(id, response, /device signature does not hold/);
    });

    it("refuses a DeviceResponse replayed from another flow (the other flow's session transcript)", async () => {
      const wallet = await TestMdocWallet.holding(trusted, PID_MDOC);
      const first = await read((await start(['naming.given'])).uri);
      const presented = await wallet.present(first);
      expect((await post(first, await TestWallet.encryptResponse(first, presented, MDOC))).status).toBe(200);
      const { id, response } = await answerMdoc(wallet, { replay: presented });
      await expectRefused(id, response, /device signature does not hold over this request's session transcript/);
    });

    it('refuses a vp_token that holds both forms, or one that is not a DeviceResponse', async () => {
      const { id, uri } = await start(['naming.given']);
      const request = await read(uri);
      const key = await importJWK(request.encryptionKey, 'ECDH-ES');
      const both = JSON.stringify({ vp_token: { pid: ['a~b~'], [MDOC]: ['c'] }, state: request.state });
      const encrypted = await new CompactEncrypt(new TextEncoder().encode(both))
        .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM' })
        .encrypt(key);
      await expectRefused(id, await post(request, encrypted), /must hold one PID/);

      const next = await read((await start(['naming.given'])).uri);
      const refused = await post(next, await TestWallet.encryptResponse(next, 'not-cbor', MDOC));
      expect(refused.body.reason).toMatch(/not an mdoc DeviceResponse/);
    });

    it("completes over the Digital Credentials API, the device signing the page's origin", async () => {
      const origin = 'https://shop.example';
      const created = await createWallet(['naming.family'], { origin }).expect(201);
      const { request: flow, presentation } = created.body.data;
      const request = await TestWallet.readDigitalCredentialsRequest(presentation.digitalCredentials, origin);
      const wallet = await TestMdocWallet.holding(trusted, PID_MDOC);
      const response = await TestWallet.encryptResponse(request, await wallet.present(request), MDOC);
      expect((await t.http().post(pathOf(presentation.digitalCredentialsResponseUri)).send({ response })).status).toBe(
        200,
      );
      await expect(decryptClaims(sandbox.privateKey, (await ping(flow.id)).claims)).resolves.toEqual({
        naming: { family: 'Mustermann' },
      });
    });
  });

  describe('purpose', () => {
    const createWith = (purpose: unknown) => createWallet(['naming.given'], { purpose });

    it("carries the purpose to the wallet as the DCQL query's credential set purpose, and the flow completes", async () => {
      const created = await createWith('To open your Acme account').expect(201);
      const request = await read(created.body.data.presentation.uri);
      expect(request.payload.dcql_query).toMatchObject({
        credential_sets: [{ options: [['pid'], ['pid_mdoc']], purpose: 'To open your Acme account' }],
      });
      const wallet = await TestWallet.holding(trusted, PID);
      expect(
        (await post(request, await TestWallet.encryptResponse(request, await wallet.present(request)))).status,
      ).toBe(200);
      expect(await ping(created.body.data.request.id)).toMatchObject({ status: 'completed' });
    });

    it('asks with a credential set of no purpose when none is given', async () => {
      const request = await read((await start(['naming.given'])).uri);
      const { credential_sets: sets } = request.payload.dcql_query as { credential_sets: object[] };
      expect(sets).toEqual([{ options: [['pid'], ['pid_mdoc']], required: true }]);
    });

    it.each([
      ['empty', ''],
      ['of two lines', 'line one\nline two'],
      ['markup', 'Open <b>now</b>'],
      ['of 301 characters', 'x'.repeat(301)],
      ['a number', 42],
    ])('refuses a purpose that is %s at create', async (_what, bad) => {
      const refused = await createWith(bad).expect(400);
      expect(refused.body.errors[0]).toMatchObject({ path: ['purpose'], message: expect.stringMatching(/purpose/) });
    });
  });

  it.each([
    ['an SD-JWT VC', {}],
    ['an mdoc', { format: 'mso_mdoc' }],
  ])(
    "sandbox: a test person's PID as %s from the sandbox PID issuer completes the flow through the same verifier",
    async (_form, format) => {
      const { id } = await start(['naming.family', 'bio.birthdate', 'address.city']);
      const nin = sandbox.testPersons[1].nin;
      const presented = await t
        .http()
        .post(`/api/v2/sandbox/flows/${id}/present`)
        .set(credentials(sandbox))
        .send({ nin, ...format })
        .expect(201);
      expect(presented.body.data.request).toMatchObject({ status: 'completed' });
      const person = testPerson(nin).claims;
      await expect(decryptClaims(sandbox.privateKey, (await ping(id)).claims)).resolves.toEqual({
        naming: { family: person.naming.family },
        bio: { birthdate: person.bio.birthdate },
        address: { city: person.address.city },
      });
      const ca = await t.http().get('/.well-known/idflow-pid-issuer-ca.pem').expect(200);
      expect(ca.text).toMatch(/^-----BEGIN CERTIFICATE-----/);
    },
  );

  it.each([
    ['an SD-JWT VC', {}, ['age_equal_or_over.18', 'age_equal_or_over.65'], []],
    ['an mdoc', { format: 'mso_mdoc' }, [], ['age_over_18', 'age_over_65']],
  ])(
    'age verification: asked only "over 18? over 65?", a PID as %s answers yes and no, and nothing else',
    async (_form, format, sdJwtPaths, mdocElements) => {
      const { id, uri } = await start(['age.over18', 'age.over65']);
      const request = await read(uri);
      if (sdJwtPaths.length > 0) expect(request.requestedPaths).toEqual(sdJwtPaths);
      else expect(request.mdocElements).toEqual(mdocElements);
      await t
        .http()
        .post(`/api/v2/sandbox/flows/${id}/present`)
        .set(credentials(sandbox))
        .send({ nin: sandbox.testPersons[0].nin, ...format })
        .expect(201);
      const done = await ping(id);
      expect(Object.keys(done.claims)).toEqual(['age']);
      await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual({
        age: { over18: true, over65: false },
      });
    },
  );

  it('age verification: an EU age attestation (eu.europa.ec.av.1) answers for the age claims alone', async () => {
    const queryIds = async (uri: string) =>
      ((await read(uri)).payload.dcql_query as { credentials: Array<{ id: string }> }).credentials.map(({ id }) => id);
    expect(await queryIds((await start(['age.over18', 'naming.given'])).uri)).toEqual(['pid', 'pid_mdoc']);

    const { id, uri } = await start(['age.over18']);
    const request = await read(uri);
    expect(request.payload.dcql_query).toMatchObject({
      credentials: [
        { id: 'pid' },
        { id: 'pid_mdoc' },
        {
          id: 'av_mdoc',
          format: 'mso_mdoc',
          meta: { doctype_value: 'eu.europa.ec.av.1' },
          claims: [{ path: ['eu.europa.ec.av.1', 'age_over_18'], intent_to_retain: false }],
        },
      ],
      credential_sets: [{ options: [['pid'], ['pid_mdoc'], ['av_mdoc']] }],
    });
    await t
      .http()
      .post(`/api/v2/sandbox/flows/${id}/present`)
      .set(credentials(sandbox))
      .send({ format: 'av_mdoc' })
      .expect(201);
    await expect(decryptClaims(sandbox.privateKey, (await ping(id)).claims)).resolves.toEqual({
      age: { over18: true },
    });
  });

  it("age verification: a wallet's PID whose age_equal_or_over.18 is false answers no", async () => {
    const { id, uri } = await start(['age.over18']);
    const request = await read(uri);
    const wallet = await TestWallet.holding(trusted, { ...PID, age_equal_or_over: { '18': false } });
    expect((await post(request, await TestWallet.encryptResponse(request, await wallet.present(request)))).status).toBe(
      200,
    );
    await expect(decryptClaims(sandbox.privateKey, (await ping(id)).claims)).resolves.toEqual({
      age: { over18: false },
    });
  });

  it.each([
    ['revoked', /^The credential is revoked \(status list .+\/openid4vp\/status-lists\/sandbox-pid, index 1\)$/],
    ['suspended', /^The credential is suspended \(status list .+, index 2\)$/],
  ])('sandbox: a %s PID is refused through the sandbox status list', async (status, reason) => {
    const { id } = await start(['naming.family']);
    const refused = await t
      .http()
      .post(`/api/v2/sandbox/flows/${id}/present`)
      .set(credentials(sandbox))
      .send({ status })
      .expect(400);
    await expectRefused(id, refused, reason);
  });

  describe("registered intended uses (eIDAS Article 5b): the operator's register, held to at every create", () => {
    const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
    const usesOf = (appId: string) => `/admin/apps/${appId}/intended-uses`;
    const OPENING = {
      name: 'account-opening',
      purpose: 'To open your Acme account',
      credentials: ['urn:eudi:pid:1'],
      claims: ['naming.given', 'naming.family', 'bio.birthdate'],
    };

    it('asks within the registered use only: its claims, its purpose, its credential forms; more is refused', async () => {
      const registered = await admin().post(usesOf(sandbox.appId)).send(OPENING).expect(201);
      expect(registered.body.data).toMatchObject({ ...OPENING, appId: sandbox.appId, createdAt: expect.any(Number) });
      try {
        const beyond = await createWallet(['naming.given', 'address.city', 'contact.email']).expect(400);
        expect(beyond.body.reason).toBe(
          'The intended use "account-opening" does not register address.city, contact.email',
        );
        expect(beyond.body.errors).toEqual([
          {
            code: 'custom',
            path: ['claims', 1],
            message: 'address.city is not registered for the intended use "account-opening"',
          },
          {
            code: 'custom',
            path: ['claims', 2],
            message: 'contact.email is not registered for the intended use "account-opening"',
          },
        ]);

        const created = await createWallet(['naming.given']).expect(201);
        const request = await read(created.body.data.presentation.uri);
        expect(request.payload.dcql_query).toEqual({
          credentials: [expect.objectContaining({ id: 'pid', format: 'dc+sd-jwt' })],
          credential_sets: [{ options: [['pid']], purpose: OPENING.purpose, required: true }],
        });
        const wallet = await TestWallet.holding(trusted, PID);
        expect(
          (await post(request, await TestWallet.encryptResponse(request, await wallet.present(request)))).status,
        ).toBe(200);
        expect(await ping(created.body.data.request.id)).toMatchObject({ status: 'completed' });

        const otherPurpose = await createWallet(['naming.given'], { purpose: 'For something else' }).expect(400);
        expect(otherPurpose.body.errors[0].path).toEqual(['purpose']);
        const unknown = await createWallet(['naming.given'], { intendedUse: 'marketing' }).expect(400);
        expect(unknown.body.errors[0]).toMatchObject({ path: ['intendedUse'], message: /account-opening/ });
      } finally {
        await admin()
          .delete(`${usesOf(sandbox.appId)}/${OPENING.name}`)
          .expect(200);
      }
      await createWallet(['address.city']).expect(201);
    });

    it('needs the intended use named when the app registered several, and a registration in production', async () => {
      const second = { ...OPENING, name: 'age-check', claims: ['bio.birthdate'] };
      await admin().post(usesOf(sandbox.appId)).send(OPENING).expect(201);
      await admin().post(usesOf(sandbox.appId)).send(second).expect(201);
      try {
        const unnamed = await createWallet(['bio.birthdate']).expect(400);
        expect(unnamed.body.reason).toBe('intendedUse must name one of account-opening, age-check');
        await createWallet(['bio.birthdate'], { intendedUse: 'age-check' }).expect(201);
        await createWallet(['naming.given'], { intendedUse: 'age-check' }).expect(400);
        const listed = await admin().get(usesOf(sandbox.appId)).expect(200);
        expect(listed.body.data.intendedUses.map((use: { name: string }) => use.name)).toEqual([
          'account-opening',
          'age-check',
        ]);
        const again = await admin().post(usesOf(sandbox.appId)).send(OPENING).expect(409);
        expect(again.body.reason).toMatch(/account-opening already/);
      } finally {
        await admin()
          .delete(`${usesOf(sandbox.appId)}/${OPENING.name}`)
          .expect(200);
        await admin()
          .delete(`${usesOf(sandbox.appId)}/${second.name}`)
          .expect(200);
      }
      await admin()
        .delete(`${usesOf(sandbox.appId)}/${second.name}`)
        .expect(404);

      const consumerId = (await admin().post('/admin/consumers').send({ name: 'Acme' }).expect(201)).body.data.id;
      const live = await admin()
        .post('/admin/apps')
        .send({ consumerId, name: 'Acme live', environment: 'production' })
        .expect(201);
      const { apiKey } = (await admin().post(`/admin/apps/${live.body.data.appId}/keys`).expect(201)).body.data;
      const refused = await new IntegratorClient(t.http, { apiKey, appSecret: live.body.data.appSecret })
        .create('wallet', { action: 'login', claims: ['naming.given'], payload: 'Log in' })
        .expect(400);
      expect(refused.body.errors[0]).toMatchObject({ path: ['intendedUse'], message: /registered no intended use/ });
    });

    it('refuses a registration of claims a PID cannot prove or unknown credential types, and audits changes', async () => {
      const unprovable = await admin()
        .post(usesOf(sandbox.appId))
        .send({ ...OPENING, claims: ['naming.given', 'financial.bvn'] })
        .expect(400);
      expect(unprovable.body.errors).toEqual([
        { code: 'custom', path: ['claims', 1], message: "financial.bvn cannot be proved by an EU wallet's PID" },
      ]);
      const unknownType = await admin()
        .post(usesOf(sandbox.appId))
        .send({ ...OPENING, credentials: ['org.iso.18013.5.1.mDL'] })
        .expect(400);
      expect(unknownType.body.errors[0]).toMatchObject({ path: ['credentials'], message: /urn:eudi:pid:1/ });
      const ageOnly = await admin()
        .post(usesOf(sandbox.appId))
        .send({ ...OPENING, credentials: ['eu.europa.ec.av.1'] })
        .expect(400);
      expect(ageOnly.body.errors[0]).toMatchObject({ path: ['claims'], message: /age claims only/ });
      await admin().post(usesOf('app_NoSuchApp000000000000')).send(OPENING).expect(404);
      const audit = await admin().get('/admin/audit').expect(200);
      expect(audit.body.data.entries).toContainEqual(
        expect.objectContaining({
          actor: 'admin-token',
          action: 'DELETE /admin/apps/:appId/intended-uses/:name',
          target: { appId: sandbox.appId, name: 'age-check' },
          status: 200,
        }),
      );
    });

    it('are registered, listed and removed with the operator CLI too, which the audit log records', async () => {
      const added = await runCli(t.config, [
        'intended-use:add',
        '--app',
        sandbox.appId,
        '--name',
        'cli-use',
        '--purpose',
        'To check your age',
        '--credential',
        'eu.europa.ec.eudi.pid.1',
        '--claim',
        'bio.birthdate',
        '--json',
      ]);
      expect(added).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(added.stdout)).toMatchObject({ name: 'cli-use', credentials: ['eu.europa.ec.eudi.pid.1'] });
      const request = await read((await start(['bio.birthdate'])).uri);
      expect((request.payload.dcql_query as { credentials: Array<{ id: string }> }).credentials).toEqual([
        expect.objectContaining({ id: 'pid_mdoc' }),
      ]);
      const removed = await runCli(t.config, ['intended-use:remove', '--app', sandbox.appId, '--name', 'cli-use']);
      expect(removed).toMatchObject({ code: 0, stdout: expect.stringMatching(/cli-use .* removed/) });
      expect((await admin().get(usesOf(sandbox.appId)).expect(200)).body.data.intendedUses).toEqual([]);
      const audit = await admin().get('/admin/audit').expect(200);
      expect(audit.body.data.entries).toContainEqual(
        expect.objectContaining({
          actor: 'cli',
          action: 'intended-use:add',
          target: { appId: sandbox.appId, name: 'cli-use' },
        }),
      );
    });
  });

  it('sandbox: the status list is published, and an mdoc takes no status', async () => {
    const served = await t.http().get('/openid4vp/status-lists/sandbox-pid').expect(200);
    expect(served.headers['content-type']).toMatch(/^application\/statuslist\+jwt/);
    const list = getListFromStatusListJWT(served.text);
    expect([0, 1, 2].map((index) => list.getStatus(index))).toEqual([0, 1, 2]);
    expect(decodeJwt(served.text).sub).toBe(`${t.config.BASE_URL}/openid4vp/status-lists/sandbox-pid`);

    const { id } = await start(['naming.family']);
    const refused = await t
      .http()
      .post(`/api/v2/sandbox/flows/${id}/present`)
      .set(credentials(sandbox))
      .send({ format: 'mso_mdoc', status: 'revoked' })
      .expect(400);
    expect(refused.body.errors[0]).toMatchObject({ path: ['status'] });
    expect(await ping(id)).toMatchObject({ status: 'pending' });
  });

  it('sandbox: present answers wallet flows only', async () => {
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const created = await integrator
      .create('same-device', { action: 'login', claims: ['naming.given'], payload: 'Log in' })
      .expect(201);
    const refused = await t
      .http()
      .post(`/api/v2/sandbox/flows/${created.body.data.request.id}/present`)
      .set(credentials(sandbox))
      .send({})
      .expect(400);
    expect(refused.body.errors[0].message).toMatch(/Only wallet flows/);
  });
});

describe("the operator's verifier certificate", () => {
  const P12_PASSWORD = 'verifier-p12-password';
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'idflow-verifier-'));
    const { key, cert } = selfSignedCertificate(['verifier.test']);
    writeFileSync(join(dir, 'verifier.pem'), cert);
    writeFileSync(join(dir, 'verifier.key'), key);
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      join(dir, 'verifier.key'),
      '-in',
      join(dir, 'verifier.pem'),
      '-out',
      join(dir, 'verifier.p12'),
      '-passout',
      `pass:${P12_PASSWORD}`,
    ]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The signed request object of a first wallet flow of an app started with `env`, and its openid4vp:// URI. */
  async function firstRequest(env: Record<string, string>): Promise<{ uri: string; requestObject: string }> {
    const t = await createTestApp({ env });
    try {
      const sandbox = await bootstrapSandbox(t.app);
      const created = await new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret })
        .create('wallet', { action: 'login', claims: ['naming.given'], payload: 'Log in' })
        .expect(201);
      const { uri } = created.body.data.presentation;
      const requestUri = new URL(new URL(uri).searchParams.get('request_uri') as string);
      return { uri, requestObject: (await t.http().get(requestUri.pathname).expect(200)).text };
    } finally {
      await t.close();
    }
  }

  it.each([
    [
      'PEM',
      () => ({ EUDI_VERIFIER_CERT_PATH: join(dir, 'verifier.pem'), EUDI_VERIFIER_KEY_PATH: join(dir, 'verifier.key') }),
    ],
    [
      'PKCS#12',
      () => ({ EUDI_VERIFIER_P12_PATH: join(dir, 'verifier.p12'), EUDI_VERIFIER_P12_PASSWORD: P12_PASSWORD }),
    ],
  ])(
    'signs the request objects with the certificate given as %s, and names the client by its hash',
    async (_form, env) => {
      const { uri, requestObject } = await firstRequest(env());
      const request = await TestWallet.readRequest(uri, requestObject);
      const der = new X509Certificate(readFileSync(join(dir, 'verifier.pem'))).raw;
      expect(request.clientId).toBe(`x509_hash:${createHash('sha256').update(der).digest('base64url')}`);
    },
  );

  describe('the registration certificate (ETSI TS 119 475) in verifier_info', () => {
    const ACME = 'LEIXG-743700EB2QF2J1WRO915';
    const withRegistration = async (registration: string, access = accessCertificate(dir, ACME)) => {
      writeFileSync(join(dir, 'registration.jwt'), registration);
      return {
        EUDI_VERIFIER_CERT_PATH: access.certPath,
        EUDI_VERIFIER_KEY_PATH: access.keyPath,
        EUDI_REGISTRATION_CERT_PATH: join(dir, 'registration.jwt'),
      };
    };

    it('is carried in every request object, naming the relying party of the access certificate', async () => {
      const { uri, requestObject } = await firstRequest(await withRegistration(await registrationCertificate(ACME)));
      await TestWallet.readRequest(uri, requestObject);
      await expect(checkedVerifierInfo(requestObject)).resolves.toBe(ACME);
    });

    it('stops the start when it is of another relying party, expired, or the access certificate names none', async () => {
      await expect(
        createTestApp({ env: await withRegistration(await registrationCertificate('LEIXG-OTHER0000000000000')) }),
      ).rejects.toThrow(
        /^EUDI_REGISTRATION_CERT_PATH .*: it registers LEIXG-OTHER.*, but the verifier certificate is of LEIXG-7437/,
      );
      const expired = await registrationCertificate(ACME, Math.floor(Date.now() / 1000) - 60);
      await expect(createTestApp({ env: await withRegistration(expired) })).rejects.toThrow(/it has expired/);
      const unnamed = { certPath: join(dir, 'verifier.pem'), keyPath: join(dir, 'verifier.key') };
      await expect(
        createTestApp({ env: await withRegistration(await registrationCertificate(ACME), unnamed) }),
      ).rejects.toThrow(/names no organizationIdentifier/);
    });
  });

  it('stops the start on a wrong PKCS#12 password, naming the file and not the password', async () => {
    const start = createTestApp({
      env: { EUDI_VERIFIER_P12_PATH: join(dir, 'verifier.p12'), EUDI_VERIFIER_P12_PASSWORD: 'not-the-password' },
    });
    await expect(start).rejects.toThrow(/^EUDI_VERIFIER_P12_PATH .*verifier\.p12: the PKCS#12 file does not open/);
    await expect(start).rejects.not.toThrow(/not-the-password/);
  });

  it('stops the start on a file that is not PKCS#12, or given beside the PEM pair', async () => {
    await expect(
      createTestApp({ env: { EUDI_VERIFIER_P12_PATH: join(dir, 'verifier.pem'), EUDI_VERIFIER_P12_PASSWORD: 'x' } }),
    ).rejects.toThrow(/^EUDI_VERIFIER_P12_PATH .*verifier\.pem: /);
    await expect(
      createTestApp({
        env: {
          EUDI_VERIFIER_P12_PATH: join(dir, 'verifier.p12'),
          EUDI_VERIFIER_CERT_PATH: join(dir, 'verifier.pem'),
          EUDI_VERIFIER_KEY_PATH: join(dir, 'verifier.key'),
        },
      }),
    ).rejects.toThrow(/EUDI_VERIFIER_P12_PATH replaces EUDI_VERIFIER_CERT_PATH/);
  });

  it('stops the start when the key is missing', async () => {
    await expect(createTestApp({ env: { EUDI_VERIFIER_CERT_PATH: join(dir, 'verifier.pem') } })).rejects.toThrow(
      /EUDI_VERIFIER_CERT_PATH and EUDI_VERIFIER_KEY_PATH go together/,
    );
  });
});
