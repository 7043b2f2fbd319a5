import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { verifySignature } from '../../libs/client/src/verify-signature';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { type ReadRequest, type Spoilers, TestPidIssuer, TestWallet } from '../support/eudi-test-wallet';
import { decodedTransactionData as decoded, transactionDataHash as hashOf } from '../support/transaction-data';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { ADMIN_TOKEN } from '../support/test-config';
import { type TestApp, createTestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const PID = { family_name: 'Mustermann', given_name: 'Erika', birthdate: '1984-01-26' };
const PAYMENT = { payee: { name: 'Acme Shop', id: 'DE89370400440532013000' }, amount: 120.5, currency: 'EUR' };
const TEXT = 'Pay 120.50 EUR to Acme Shop, order 1042';

describe('signing with an EU Digital Identity Wallet: OpenID4VP transaction data (TS12 payment, confirmation)', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let trusted: TestPidIssuer;
  let receiver: WebhookReceiver;
  let dir: string;

  beforeAll(async () => {
    trusted = await TestPidIssuer.create('Test PID issuer');
    dir = mkdtempSync(join(tmpdir(), 'idflow-txdata-'));
    writeFileSync(join(dir, 'trust-list.pem'), trusted.caPem);
    t = await createTestApp({
      env: {
        EUDI_TRUST_LIST_PATH: join(dir, 'trust-list.pem'),
        ALLOW_PRIVATE_URLS: 'true',
        ALLOW_INSECURE_URLS: 'true',
      },
    });
    sandbox = await bootstrapSandbox(t.app);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const createSigning = (body: Record<string, unknown>) =>
    t.http().post('/api/v2/signing/wallet').set(credentials(sandbox)).send(body);
  const ping = async (id: string) =>
    (await t.http().post('/api/v2/flow/ping').set(credentials(sandbox)).send({ request: id }).expect(200)).body.data
      .request;
  const pathOf = (url: string) => url.slice(t.config.BASE_URL.length);

  async function read(uri: string): Promise<ReadRequest> {
    const requestUri = new URL(uri).searchParams.get('request_uri') as string;
    return TestWallet.readRequest(uri, (await t.http().get(pathOf(requestUri)).expect(200)).text);
  }

  /** A `confirm` flow of a payment (no webhook), and the request object its wallet reads. */
  async function startPayment() {
    const created = await createSigning({ action: 'confirm', payload: TEXT, payment: PAYMENT }).expect(201);
    const { request, presentation } = created.body.data;
    return { id: request.id as string, request: await read(presentation.uri) };
  }

  async function answer(request: ReadRequest, spoilers: Spoilers = {}) {
    const wallet = await TestWallet.holding(trusted, PID);
    const response = await TestWallet.encryptResponse(request, await wallet.present(request, spoilers));
    return t.http().post(pathOf(request.responseUri)).type('form').send({ response });
  }

  it('carries the payment to the wallet as TS12 transaction data for the SD-JWT VC PID, asking no claim', async () => {
    const { id, request } = await startPayment();
    const transactionData = request.payload.transaction_data as string[];
    expect(transactionData).toHaveLength(1);
    expect(decoded(transactionData[0])).toEqual({
      type: 'urn:eudi:sca:payment:1',
      credential_ids: ['pid'],
      transaction_data_hashes_alg: ['sha-256'],
      payload: {
        transaction_id: id,
        date_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        payee: PAYMENT.payee,
        currency: 'EUR',
        amount: 120.5,
      },
    });
    // Only the form whose key binding JWT binds transaction data is offered, and nothing of the person is asked.
    expect(request.payload.dcql_query).toMatchObject({
      credentials: [{ id: 'pid', format: 'dc+sd-jwt' }],
      credential_sets: [{ options: [['pid']] }],
    });
    expect((request.payload.dcql_query as { credentials: object[] }).credentials[0]).not.toHaveProperty('claims');
  });

  it('approves a payment through the sandbox wallet, its hash checked, and reports it with a verifiable receipt', async () => {
    const created = await createSigning({
      action: 'sign',
      payload: TEXT,
      payment: PAYMENT,
      webhook: { host: receiver.url, reference: 'wallet-payment' },
    }).expect(201);
    const { request: flow, presentation } = created.body.data;
    expect(flow).toMatchObject({ mode: 'signing', action: 'sign', payload: TEXT });
    expect(presentation.uri).toMatch(/^openid4vp:\/\//);
    const entry = ((await read(presentation.uri)).payload.transaction_data as string[])[0];

    await t.http().post(`/api/v2/sandbox/flows/${flow.id}/present`).set(credentials(sandbox)).send({}).expect(201);
    const done = await ping(flow.id);
    expect(done).toMatchObject({ status: 'completed', cancelled: false, signature: expect.any(String) });

    const jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
    const verified = await verifySignature(done.signature, TEXT, jwks);
    expect(verified).toMatchObject({
      flow: flow.id,
      nin: expect.stringMatching(/^pid:/),
      approvedWith: 'eu-wallet',
      keyBinding: expect.any(String),
    });
    expect(verified).not.toHaveProperty('device');
    const receipt = decodeJwt(done.signature);
    expect(receipt.transaction_data_hashes).toEqual([hashOf(entry)]);
    // The wallet's own key binding JWT is in the receipt: anyone can check what it bound.
    expect(decodeJwt(receipt.key_binding as string)).toMatchObject({
      transaction_data_hashes: [hashOf(entry)],
      transaction_data_hashes_alg: 'sha-256',
    });
    const [hit] = await receiver.waitFor('wallet-payment', 1);
    expect(hit.json).toMatchObject({
      type: 'signing.completed',
      flow: flow.id,
      data: { request: { id: flow.id, status: 'completed', signature: done.signature } },
    });
  });

  it('approves a payment answered by a wallet of another issuer on the trust list', async () => {
    const { id, request } = await startPayment();
    expect((await answer(request)).status).toBe(200);
    expect(await ping(id)).toMatchObject({ status: 'completed', signature: expect.any(String) });
  });

  it('refuses a presentation whose transaction data hash was changed, and the person can still approve', async () => {
    const { id, request } = await startPayment();
    const other = Buffer.from(JSON.stringify({ ...decoded((request.payload.transaction_data as string[])[0]) }))
      .toString('base64url')
      .replace(/.$/, 'A');
    const refused = await answer(request, { transactionDataHashes: [hashOf(other)] });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toMatch(/transaction_data_hashes do not match this request's transaction data/);
    expect(await ping(id)).toMatchObject({ status: 'pending', cancelled: false });

    expect((await answer(request)).status).toBe(200);
    expect(await ping(id)).toMatchObject({ status: 'completed' });
  });

  it('refuses a presentation whose key binding JWT omits the transaction data hashes, the flow left pending', async () => {
    const { id, request } = await startPayment();
    const refused = await answer(request, { transactionDataHashes: null });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toMatch(/^The key binding JWT has no transaction_data_hashes/);
    expect(await ping(id)).toMatchObject({ status: 'pending', cancelled: false });
    expect((await ping(id)).signature).toBeUndefined();
  });

  it('refuses an mdoc answer: OpenID4VP 1.0 binds transaction data into an SD-JWT VC only', async () => {
    const { id } = await startPayment();
    const refused = await t
      .http()
      .post(`/api/v2/sandbox/flows/${id}/present`)
      .set(credentials(sandbox))
      .send({ format: 'mso_mdoc' })
      .expect(400);
    expect(refused.body.reason).toMatch(/^The request carries transaction data, which only an SD-JWT VC binds/);
    expect(await ping(id)).toMatchObject({ status: 'pending' });
  });

  it('carries a text without a payment as a TS12 confirmation of the action it names', async () => {
    const created = await createSigning({ action: 'confirm', payload: 'Raise my daily limit to 5000 EUR' }).expect(201);
    const { request: flow, presentation } = created.body.data;
    const request = await read(presentation.uri);
    expect(decoded((request.payload.transaction_data as string[])[0])).toMatchObject({
      type: 'urn:eudi:sca:login_risk_transaction:1',
      credential_ids: ['pid'],
      payload: { transaction_id: flow.id, service: flow.name, action: 'Raise my daily limit to 5000 EUR' },
    });
    expect((await answer(request)).status).toBe(200);
    expect(await ping(flow.id)).toMatchObject({ status: 'completed' });
  });

  it("shows the intended use a signing flow was asked under, as identification does: ping, webhook, operator's view", async () => {
    const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
    const use = {
      name: 'payment-approval',
      purpose: 'To approve your payment to Acme',
      credentials: ['urn:eudi:pid:1'],
      claims: ['naming.family'],
    };
    await admin().post(`/admin/apps/${sandbox.appId}/intended-uses`).send(use).expect(201);
    try {
      const created = await createSigning({
        action: 'sign',
        payload: TEXT,
        payment: PAYMENT,
        intendedUse: use.name,
        webhook: { host: receiver.url, reference: 'wallet-intended-use' },
      }).expect(201);
      const id = created.body.data.request.id as string;
      expect(await ping(id)).toMatchObject({ status: 'pending', intendedUse: use.name });
      expect((await answer(await read(created.body.data.presentation.uri))).status).toBe(200);
      expect(await ping(id)).toMatchObject({ status: 'completed', intendedUse: use.name });
      const [completed] = await receiver.waitFor('wallet-intended-use', 1);
      expect(completed.json).toMatchObject({
        type: 'signing.completed',
        data: { request: { id, intendedUse: use.name } },
      });
      expect((await admin().get(`/admin/flows/${id}`).expect(200)).body.data).toMatchObject({
        id,
        kind: 'signing',
        intendedUse: use.name,
      });
    } finally {
      await admin().delete(`/admin/apps/${sandbox.appId}/intended-uses/${use.name}`).expect(200);
    }
  });

  it("reports the wallet's refusal in the signing.rejected webhook, as ping shows it", async () => {
    const created = await createSigning({
      action: 'sign',
      payload: TEXT,
      payment: PAYMENT,
      webhook: { host: receiver.url, reference: 'wallet-refused-payment' },
    }).expect(201);
    const id = created.body.data.request.id as string;
    const request = await read(created.body.data.presentation.uri);
    const refusal = await TestWallet.encryptErrorResponse(request, 'access_denied', 'The person declined');
    await t.http().post(pathOf(request.responseUri)).type('form').send({ response: refusal }).expect(200);
    const reason = 'The wallet refused: access_denied (The person declined)';
    expect(await ping(id)).toMatchObject({ status: 'rejected', reason });
    const [rejected] = await receiver.waitFor('wallet-refused-payment', 1);
    expect(rejected.json).toMatchObject({ type: 'signing.rejected', data: { request: { id, reason } } });
  });

  it('refuses a payment it cannot show: a bad currency or amount, a payee without an id', async () => {
    const refusedOn = async (payment: unknown) =>
      (await createSigning({ action: 'confirm', payload: TEXT, payment }).expect(400)).body.errors.map(
        (issue: { path: string[] }) => issue.path.join('.'),
      );
    await expect(refusedOn({ ...PAYMENT, currency: 'eur' })).resolves.toEqual(['payment.currency']);
    await expect(refusedOn({ ...PAYMENT, amount: 1.2345 })).resolves.toEqual(['payment.amount']);
    await expect(refusedOn({ ...PAYMENT, amount: -5 })).resolves.toEqual(['payment.amount']);
    await expect(refusedOn({ ...PAYMENT, payee: { name: 'Acme Shop' } })).resolves.toEqual(['payment.payee.id']);
    // spec 4.3: `sign` needs a webhook, as in every start mode.
    await createSigning({ action: 'sign', payload: TEXT, payment: PAYMENT }).expect(400);
  });
});
