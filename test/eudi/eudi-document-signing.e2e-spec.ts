import { IdflowClient } from '@idflow/client';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { CscSandboxClient, sha256Base64 } from '../support/csc-sandbox-client';
import { downloadFile, untilCompleted } from '../support/document-flows';
import { type ReadRequest, TestPidIssuer, TestWallet } from '../support/eudi-test-wallet';
import type { JsonBody } from '../support/json-body';
import { credentials } from '../support/sandbox-tenant';
import { SealedDocuments } from '../support/sealed-documents';
import { decodedTransactionData as decoded, transactionDataHash as hashOf } from '../support/transaction-data';
import { TestTimestampAuthority } from '../support/timestamp-authority';

const SIGNEES = [
  { nin: '10000000001', name: 'Adaeze Okonkwo' },
  { nin: '10000000002', name: 'Babajide Adeyemi' },
];
const SHA256_OID = '2.16.840.1.101.3.4.2.1';

describe('a document signee approves with their EU wallet: CSC qes_authorization as OpenID4VP transaction data', () => {
  let suite: SealedDocuments;
  let authority: TestTimestampAuthority;
  let trusted: TestPidIssuer;
  let dir: string;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start();
    trusted = await TestPidIssuer.create('Test PID issuer');
    dir = mkdtempSync(join(tmpdir(), 'idflow-wallet-qes-'));
    writeFileSync(join(dir, 'trust-list.pem'), trusted.caPem);
    suite = await SealedDocuments.start(
      { TSA_URL: authority.url, EUDI_TRUST_LIST_PATH: join(dir, 'trust-list.pem') },
      { listening: true },
    );
  });
  afterAll(async () => {
    await suite?.close();
    await authority?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const http = () => suite.t.http();
  const headers = () => credentials(suite.sandbox);
  const pathOf = (url: string) => url.slice(suite.t.config.BASE_URL.length);
  const walletRequest = (flow: string, nin: string) =>
    http().post('/api/v2/document/wallet').set(headers()).send({ flow, nin });
  const ping = async (id: string) =>
    (await http().post('/api/v2/flow/ping').set(headers()).send({ request: id }).expect(200)).body.data.request;
  const approveInSimulator = (id: string, nin: string) =>
    http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers()).send({ nin }).expect(201);

  async function read(uri: string): Promise<ReadRequest> {
    const requestUri = new URL(uri).searchParams.get('request_uri') as string;
    return TestWallet.readRequest(uri, (await http().get(pathOf(requestUri)).expect(200)).text);
  }

  /** The test wallet's answer: a PID of the trusted test issuer with these attributes, and the person's approval. */
  async function answer(request: ReadRequest, pid: Record<string, unknown>, hashes?: string[]) {
    const wallet = await TestWallet.holding(trusted, { family_name: 'Okonkwo', ...pid });
    const presentation = await wallet.present(request, hashes ? { transactionDataHashes: hashes } : {});
    const response = await TestWallet.encryptResponse(request, presentation);
    return http().post(pathOf(request.responseUri)).type('form').send({ response });
  }

  async function signeeStatuses(id: string): Promise<string[]> {
    return ((await suite.refresh(id)).statusLog as Array<{ status: string }>).map((entry) => entry.status);
  }

  async function auditTypes(id: string): Promise<string[]> {
    const audit = await http().post('/api/v2/document/audit').set(headers()).send({ flow: id }).expect(200);
    return audit.body.data.events.map((event: { type: string }) => event.type);
  }

  /** pdfsig's report of each signature of the stamped copy, the signing CA, seal CA and timestamp authority trusted. */
  async function pdfsig(stamped: Buffer): Promise<string[]> {
    const signingCa = (await http().get('/.well-known/idflow-signing-ca.pem').expect(200)).text;
    const sealCa = (await http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    const report = await suite.pdf.pdfsig(stamped, await suite.pdf.trustStore(signingCa, sealCa, authority.caPem));
    return report.split(/Signature #\d+:/).slice(1);
  }

  /** The completed document's stamped copy: each signee's signature valid, by pdfsig and by /verify, then the seal. */
  async function expectBothSigned(id: string): Promise<Buffer> {
    const doc = await untilCompleted(() => suite.refresh(id));
    const stamped = (await downloadFile(http, doc.file.stamped)).body as Buffer;
    const [first, second, seal] = await pdfsig(stamped);
    expect(first).toContain(`Signer Certificate Common Name: ${SIGNEES[0].name}`);
    expect(second).toContain(`Signer Certificate Common Name: ${SIGNEES[1].name}`);
    for (const signature of [first, second, seal]) {
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signature).toContain('Certificate Validation: Certificate is Trusted.');
    }
    const verified = await suite.verify(stamped);
    expect(verified.result).toBe('verified');
    expect(verified.pades.signatures).toEqual([
      expect.objectContaining({ signer: SIGNEES[0].name, valid: true, trusted: true, certificateStatus: 'good' }),
      expect.objectContaining({ signer: SIGNEES[1].name, valid: true, trusted: true, certificateStatus: 'good' }),
      expect.objectContaining({ signer: expect.stringContaining('seal'), valid: true }),
    ]);
    return stamped;
  }

  it('asks the signee’s wallet for a qes_authorization of exactly this document, and their PID’s NIN', async () => {
    const { id } = await suite.createReview(SIGNEES, { signature: 'advanced' });
    // As the Node client asks for it.
    const client = new IdflowClient({
      apiKey: suite.sandbox.apiKey,
      appSecret: suite.sandbox.appSecret,
      basePath: suite.t.config.BASE_URL,
    });
    const { request: flow, presentation } = await client.docs.wallet({ flow: id, nin: SIGNEES[0].nin });
    expect(flow).toMatchObject({ mode: 'signing', action: 'confirm', user: SIGNEES[0].nin, payload: 'Review' });
    expect(presentation.uri).toMatch(/^openid4vp:\/\//);
    const request = await read(presentation.uri);
    const transactionData = request.payload.transaction_data as string[];
    expect(transactionData).toHaveLength(1);
    const sha256 = (await suite.refresh(id)).file.sha256 as string;
    expect(decoded(transactionData[0])).toEqual({
      type: 'qes_authorization',
      credential_ids: ['pid'],
      transaction_data_hashes_alg: ['sha-256'],
      signatureQualifier: 'eu_eidas_aes',
      processID: flow.id,
      documentDigests: [
        { label: 'Review', hash: Buffer.from(sha256, 'hex').toString('base64'), hashAlgorithmOID: SHA256_OID },
      ],
    });
    // The SD-JWT VC PID alone, its national identification number the only attribute asked.
    expect(request.payload.dcql_query).toMatchObject({ credentials: [{ id: 'pid', format: 'dc+sd-jwt' }] });
    expect(request.requestedPaths).toEqual(['personal_administrative_number']);
  });

  it('signs a two-signee advanced document, one with the sandbox wallet and one in the simulator: pdfsig and /verify name both', async () => {
    const { id } = await suite.createReview(SIGNEES, { signature: 'advanced', signingOrder: 'sequential' });
    const created = await walletRequest(id, SIGNEES[0].nin).expect(201);
    const walletFlow = created.body.data.request.id as string;
    const entry = ((await read(created.body.data.presentation.uri)).payload.transaction_data as string[])[0];

    // The sandbox wallet of another test person holds a PID of their NIN: it cannot sign for this signee.
    const otherPerson = await http()
      .post(`/api/v2/sandbox/flows/${walletFlow}/present`)
      .set(headers())
      .send({ nin: SIGNEES[1].nin })
      .expect(400);
    expect(otherPerson.body.reason).toMatch(/^The PID is another person's/);
    await http().post(`/api/v2/sandbox/flows/${walletFlow}/present`).set(headers()).send({}).expect(201);
    expect(await ping(walletFlow)).toMatchObject({ status: 'completed', user: SIGNEES[0].nin });
    const afterWallet = await suite.refresh(id);
    expect(afterWallet.statusLog.map((log: JsonBody) => log.status)).toEqual(['signed', 'pending']);
    const [record] = afterWallet.signatures as JsonBody[];
    expect(record).toMatchObject({ nin: SIGNEES[0].nin, signature: expect.any(String) });
    // The signee's signature is the wallet's approval: its key binding JWT bound the qes_authorization.
    const receipt = decodeJwt(record.signature as string);
    // Like a device's approval of a document, the receipt covers the original PDF's bytes (verifySignature checks so).
    expect(receipt).toMatchObject({
      sub: SIGNEES[0].nin,
      flow: walletFlow,
      payload_sha256: afterWallet.file.sha256,
      transaction_data: [entry],
      transaction_data_hashes: [hashOf(entry)],
    });
    expect(decodeJwt(receipt.key_binding as string).transaction_data_hashes).toEqual([hashOf(entry)]);
    expect(await auditTypes(id)).toContain('signed');
    // The approval released no claim and is the signature's evidence: a wallet's erasure request for it is refused.
    const erasure = await http().post(`/api/v2/sandbox/flows/${walletFlow}/erase`).set(headers()).send({}).expect(400);
    expect(erasure.body.reason).toMatch(/^The erasure request names a document signee's approval/);

    await approveInSimulator(id, SIGNEES[1].nin);
    await expectBothSigned(id);
  }, 90_000);

  it('takes the test wallet’s approval after refusing a changed hash and another NIN’s PID, the document kept consistent', async () => {
    const { id } = await suite.createReview(SIGNEES, { signature: 'advanced' });
    await approveInSimulator(id, SIGNEES[0].nin);
    const created = await walletRequest(id, SIGNEES[1].nin).expect(201);
    const walletFlow = created.body.data.request.id as string;
    const request = await read(created.body.data.presentation.uri);
    const own = { personal_administrative_number: SIGNEES[1].nin };

    const entry = (request.payload.transaction_data as string[])[0];
    const changed = Buffer.from(JSON.stringify({ ...decoded(entry), processID: 'another' })).toString('base64url');
    const tampered = await answer(request, own, [hashOf(changed)]);
    expect(tampered.status).toBe(400);
    expect(tampered.body.reason).toMatch(/transaction_data_hashes do not match this request's transaction data/);

    const someoneElse = await answer(request, { personal_administrative_number: SIGNEES[0].nin });
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body.reason).toMatch(/^The PID is another person's/);
    const undisclosed = await answer(request, {});
    expect(undisclosed.body.reason).toMatch(/^The PID does not disclose personal_administrative_number/);

    // Nothing of the refusals is recorded: the signee is still to sign, the document open, one signature so far.
    expect(await ping(walletFlow)).toMatchObject({ status: 'pending' });
    const pending = await suite.refresh(id);
    expect(pending.status).toBe('in_progress');
    expect(await signeeStatuses(id)).toEqual(['signed', 'pending']);
    expect(pending.signatures).toHaveLength(1);
    expect((await auditTypes(id)).filter((type) => type === 'signed')).toHaveLength(1);

    expect((await answer(request, own)).status).toBe(200);
    expect(await ping(walletFlow)).toMatchObject({ status: 'completed', user: SIGNEES[1].nin });
    await expectBothSigned(id);
  }, 90_000);

  it('refuses, at the provider, an authorization whose wallet approval is of other digests', async () => {
    const { id } = await suite.createReview(SIGNEES, { signature: 'advanced' });
    const created = await walletRequest(id, SIGNEES[0].nin).expect(201);
    await http().post(`/api/v2/sandbox/flows/${created.body.data.request.id}/present`).set(headers()).send({});
    const doc = await suite.refresh(id);
    const approval = (doc.signatures as JsonBody[])[0].signature as string;

    const csc = await CscSandboxClient.connect(suite.t);
    const credentialID = await csc.credentialOf(SIGNEES[0].nin);
    const hashes = [sha256Base64('the signed attributes of Signature 1')];
    const approvedOf = (sha256: string) => ({ document: { id, sha256 }, approval });
    const other = createHash('sha256').update('another document').digest('hex');
    const refused = await csc
      .authorize(credentialID, hashes, await csc.authData(SIGNEES[0].nin, credentialID, hashes, approvedOf(other)))
      .expect(400);
    expect(refused.body).toEqual({
      error: 'invalid_request',
      error_description: 'The approval is of another document than this authorization names',
    });
    // The same approval for another person's credential is refused too; for this document and person, it authorizes.
    const otherCredential = await csc.credentialOf(SIGNEES[1].nin);
    const otherPerson = await csc.authData(SIGNEES[1].nin, otherCredential, hashes, approvedOf(doc.file.sha256));
    expect((await csc.authorize(otherCredential, hashes, otherPerson).expect(400)).body.error_description).toBe(
      'The approval is another person’s',
    );
    // A wallet approval whose receipt is not idflow's (its signature spoiled) is not taken on its word.
    const [head, body] = approval.split('.');
    const forged = { document: { id, sha256: doc.file.sha256 }, approval: `${head}.${body}.AAAA` };
    const unsigned = await csc.authData(SIGNEES[0].nin, credentialID, hashes, forged);
    expect((await csc.authorize(credentialID, hashes, unsigned).expect(400)).body.error_description).toBe(
      'The approval is not a signature receipt idflow signed',
    );
    const own = await csc.authData(SIGNEES[0].nin, credentialID, hashes, approvedOf(doc.file.sha256));
    expect((await csc.authorize(credentialID, hashes, own).expect(200)).body.SAD).toEqual(expect.any(String));
  });

  it('asks only for an advanced document’s signee whose turn it is', async () => {
    const sealed = await suite.createReview(SIGNEES);
    const notAdvanced = await walletRequest(sealed.id, SIGNEES[0].nin).expect(400);
    expect(notAdvanced.body.errors[0]).toMatchObject({ path: ['flow'], message: /signature advanced/ });

    const { id } = await suite.createReview(SIGNEES, { signature: 'advanced', signingOrder: 'sequential' });
    const stranger = await walletRequest(id, '10000000003').expect(400);
    expect(stranger.body.errors[0]).toMatchObject({ path: ['nin'] });
    const early = await walletRequest(id, SIGNEES[1].nin).expect(409);
    expect(early.body.reason).toMatch(/not this signee's turn/);
    await http().post('/api/v2/document/wallet').set(headers()).send({ flow: id }).expect(400);

    // A new request for the signee replaces the one before it, which can no longer sign for them.
    const first = (await walletRequest(id, SIGNEES[0].nin).expect(201)).body.data;
    const firstRequest = await read(first.presentation.uri);
    await walletRequest(id, SIGNEES[0].nin).expect(201);
    expect(await ping(first.request.id)).toMatchObject({ status: 'cancelled' });
    const replaced = await answer(firstRequest, { personal_administrative_number: SIGNEES[0].nin });
    expect(replaced.status).toBe(400);
    expect(replaced.body.reason).toMatch(/^The flow is already cancelled/);
    expect(await signeeStatuses(id)).toEqual(['pending', 'waiting']);

    // The signee signs in their app meanwhile: their wallet's answer then signs nothing, and is told why.
    const open = (await walletRequest(id, SIGNEES[0].nin).expect(201)).body.data.request.id as string;
    await approveInSimulator(id, SIGNEES[0].nin);
    const late = await http().post(`/api/v2/sandbox/flows/${open}/present`).set(headers()).send({}).expect(409);
    expect(late.body.reason).toMatch(/already signed/);
    expect(await ping(open)).toMatchObject({ status: 'pending' });
    expect((await suite.refresh(id)).signatures).toHaveLength(1);
  });
});
