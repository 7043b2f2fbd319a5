import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { contentsHex, signatureRanges } from '../src/seal/signature-ranges';
import { CscProviderProxy, type ProviderMode } from './support/csc-provider-proxy';
import { CscSandboxClient, sha256Base64, sha256Hex } from './support/csc-sandbox-client';
import { downloadFile, untilCompleted } from './support/document-flows';
import { dssEntries } from './support/pdf-tools';
import { credentials } from './support/sandbox-tenant';
import { SealedDocuments } from './support/sealed-documents';
import { TestTimestampAuthority } from './support/timestamp-authority';
import { eventually } from './support/waiting';

const SIGNEES = [
  { nin: '10000000001', name: 'Adaeze Okonkwo' },
  { nin: '10000000002', name: 'Babajide Adeyemi' },
];

interface SignatureReport {
  signer: string;
  valid: boolean;
  trusted: boolean;
  certificateStatus: string;
  revokedAtIso?: string;
  validatedAtIso?: string;
}

/** The signing certificate of each signature in the file (document timestamps' included), in file order. */
function signingCertificates(pdf: Buffer): pkijs.Certificate[] {
  return signatureRanges(pdf).map((range) => {
    const cms = pkijs.ContentInfo.fromBER(asn1js.fromBER(Buffer.from(contentsHex(pdf, range), 'hex')).result.toBER());
    return new pkijs.SignedData({ schema: cms.content }).certificates![0] as pkijs.Certificate;
  });
}

const der = (certificate: pkijs.Certificate) => Buffer.from(certificate.toSchema(true).toBER(false));
const serialHex = (named: { serialNumber: asn1js.Integer }) =>
  Buffer.from(named.serialNumber.valueBlock.valueHexView).toString('hex');

/** The serial numbers the DSS's OCSP answers are about. */
async function ocspSerials(pdf: Buffer): Promise<string[]> {
  return (await dssEntries(pdf, 'OCSPs')).flatMap((answer) => {
    const response = pkijs.OCSPResponse.fromBER(answer);
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes!.response.valueBlock.valueHexView);
    return basic.tbsResponseData.responses.map((single) => serialHex(single.certID));
  });
}

describe("signees' own signatures through a CSC API v2 provider", () => {
  let suite: SealedDocuments;
  let authority: TestTimestampAuthority;
  let proxy: CscProviderProxy;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start();
    proxy = await CscProviderProxy.start();
    const providers = JSON.stringify([
      { name: 'test provider', baseUrl: proxy.url, clientId: 'sandbox', clientSecret: 'sandbox' },
    ]);
    suite = await SealedDocuments.start(
      { TSA_URL: authority.url, SIGNING_PROVIDERS: providers, SEAL_RETRY_SCHEDULE: '0.5' },
      { listening: true },
    );
    proxy.target = new URL(suite.t.config.BASE_URL).origin;
  });
  afterAll(async () => {
    await suite?.close();
    await proxy?.close();
    await authority?.close();
  });
  beforeEach(() => {
    proxy.mode = 'honest';
  });

  /** A sequential `advanced` review document both signees approve through the simulator, in order. */
  async function signedByBoth(): Promise<{ id: string; reference: string }> {
    const signed = await suite.signReview(SIGNEES, { signingOrder: 'sequential', signature: 'advanced' });
    expect((await suite.refresh(signed.id)).signature).toBe('advanced');
    return signed;
  }

  async function auditTypes(id: string): Promise<string[]> {
    const audit = await suite.t
      .http()
      .post('/api/v2/document/audit')
      .set(credentials(suite.sandbox))
      .send({ flow: id })
      .expect(200);
    return audit.body.data.events.map((event: { type: string }) => event.type);
  }

  /** pdfsig's report of the stamped copy, with the signing CA, the seal CA and the timestamp authority trusted. */
  const pdfsig = (stamped: Buffer) => suite.pdfsigSignatures(stamped, authority.caPem);

  it('puts each signee’s signature, in signing order, before idflow’s seal, at B-LTA; pdfsig and /verify name both', async () => {
    expect(suite.t.config.SEAL_LEVEL).toBe('B-LTA');
    const { id } = await signedByBoth();
    const doc = await untilCompleted(() => suite.refresh(id));
    const stamped = (await downloadFile(suite.t.http, doc.file.stamped)).body as Buffer;
    const [first, second, seal, timestamp] = await pdfsig(stamped);
    expect(first).toContain('Signer Certificate Common Name: Adaeze Okonkwo');
    expect(first).toContain('Signature Field Name: Signature 1');
    expect(second).toContain(`Signer Certificate Common Name: ${SIGNEES[1].name}`);
    for (const signature of [first, second, seal]) {
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signature).toContain('Certificate Validation: Certificate is Trusted.');
    }
    expect(seal).toContain('Signature Field Name: idflow seal');
    expect(timestamp).toContain('Signature Field Name: idflow document timestamp');

    // Long-term validation data for every signature: each signee's chain and an OCSP answer for their certificate.
    const [firstSigner, secondSigner, sealCertificate] = signingCertificates(stamped);
    const certs = await dssEntries(stamped, 'Certs');
    for (const certificate of [firstSigner, secondSigner, sealCertificate]) {
      expect(certs.some((entry) => entry.equals(der(certificate)))).toBe(true);
    }
    const signingCa = new X509Certificate(
      (await suite.t.http().get('/.well-known/idflow-signing-ca.pem').expect(200)).text,
    );
    expect(certs.some((entry) => entry.equals(signingCa.raw))).toBe(true);
    expect(await ocspSerials(stamped)).toEqual(
      expect.arrayContaining([firstSigner, secondSigner, sealCertificate].map(serialHex)),
    );

    const verified = await suite.verify(stamped);
    expect(verified.result).toBe('verified');
    expect(verified.pades.level).toBe('B-LTA');
    expect(verified.pades.signatures).toEqual([
      expect.objectContaining({ signer: 'Adaeze Okonkwo', valid: true, trusted: true, certificateStatus: 'good' }),
      expect.objectContaining({ signer: SIGNEES[1].name, valid: true, trusted: true, certificateStatus: 'good' }),
      expect.objectContaining({ signer: expect.stringContaining('seal'), valid: true, certificateStatus: 'good' }),
    ]);
  }, 90_000);

  it('says, once a signee’s certificate is revoked at the provider, that it was and when, and signs anew', async () => {
    const { id } = await signedByBoth();
    const doc = await untilCompleted(() => suite.refresh(id));
    const stamped = (await downloadFile(suite.t.http, doc.file.stamped)).body as Buffer;
    const [revokedCertificate] = signingCertificates(stamped);

    const revocation = await suite.t
      .http()
      .post('/api/v2/sandbox/signing-provider/revoke')
      .set(credentials(suite.sandbox))
      .send({ nin: SIGNEES[0].nin })
      .expect(201);
    expect(revocation.body.data).toEqual({
      nin: SIGNEES[0].nin,
      revoked: serialHex(revokedCertificate),
      revokedAt: expect.any(Number),
    });
    const revokedAtIso = new Date(revocation.body.data.revokedAt * 1000).toISOString().replace('.000Z', 'Z');

    const verified = await suite.verify(stamped);
    const [first, second] = verified.pades.signatures as SignatureReport[];
    expect(first).toMatchObject({ signer: SIGNEES[0].name, valid: true, certificateStatus: 'revoked', revokedAtIso });
    // Made before the revocation, as the document timestamp (whose validation data the file holds) proves.
    expect(first.trusted).toBe(true);
    expect(first.validatedAtIso! < revokedAtIso).toBe(true);
    expect(second).toMatchObject({ signer: SIGNEES[1].name, certificateStatus: 'good' });
    // A validator asking the signing CA's OCSP responder now hears the same.
    const [firstByPdfsig] = await pdfsig(stamped);
    expect(firstByPdfsig).toContain('Certificate Validation: Certificate has been Revoked.');

    await suite.t
      .http()
      .post('/api/v2/sandbox/signing-provider/revoke')
      .set(credentials(suite.sandbox))
      .send({ nin: SIGNEES[0].nin })
      .expect(404);
    const csc = await CscSandboxClient.connect(suite.t);
    const credentialID = await csc.credentialOf(SIGNEES[0].nin);
    const info = await csc.call('credentials/info', { credentialID }).expect(200);
    const renewed = new X509Certificate(Buffer.from(info.body.cert.certificates[0], 'base64'));
    expect(renewed.raw.equals(der(revokedCertificate))).toBe(false);
  }, 90_000);

  describe('the sandbox provider, as a CSC client sees it', () => {
    it('refuses a client with the wrong secret in the CSC error shape', async () => {
      const answer = await suite.t
        .http()
        .post('/csc/v2/oauth2/token')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: 'sandbox', client_secret: 'guess' })
        .expect(401);
      expect(answer.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      await suite.t.http().post('/csc/v2/credentials/list').send({ userID: SIGNEES[0].nin }).expect(401);
    });

    it('certifies a test person with their NIN as a natural-person identifier, and nobody else', async () => {
      const csc = await CscSandboxClient.connect(suite.t);
      const listed = await csc.call('credentials/list', { userID: SIGNEES[0].nin }).expect(200);
      expect(listed.body.credentialIDs).toHaveLength(1);
      const nobody = await csc.call('credentials/list', { userID: '29999999999' }).expect(200);
      expect(nobody.body).toEqual({ credentialIDs: [] });
      const info = await csc.call('credentials/info', { credentialID: listed.body.credentialIDs[0] }).expect(200);
      expect(info.body).toMatchObject({ SCAL: '2', authMode: 'explicit', key: { status: 'enabled' } });
      const certificate = new X509Certificate(Buffer.from(info.body.cert.certificates[0], 'base64'));
      expect(certificate.subject).toContain(`serialNumber=PNONG-${SIGNEES[0].nin}`);
      expect(certificate.subject).toContain('CN=Adaeze Okonkwo');
      // The QC statement's semantics identifier, id-etsi-qcs-semanticsId-Natural (0.4.0.194121.1.1), in DER.
      expect(certificate.raw.includes(Buffer.from('060704008bec490101', 'hex'))).toBe(true);
    });

    it('binds a SAD to exactly the authorized hashes: other hashes are refused at authorize and at signHash', async () => {
      const csc = await CscSandboxClient.connect(suite.t);
      const credentialID = await csc.credentialOf(SIGNEES[0].nin);
      const approved = [sha256Base64('approved')];
      const other = [sha256Base64('something else')];
      const authData = await csc.authData(SIGNEES[0].nin, credentialID, approved);
      const refused = await csc.authorize(credentialID, other, authData).expect(400);
      expect(refused.body.error_description).toMatch(/other hashes/);
      await csc.authorize(credentialID, approved).expect(400);
      const { SAD } = (await csc.authorize(credentialID, approved, authData).expect(200)).body;
      await csc.signHash(credentialID, SAD, other).expect(400);
      expect((await csc.signHash(credentialID, SAD, approved).expect(200)).body.signatures).toHaveLength(1);
    });

    it("refuses an authorization without the person's approval, with another person's, or of another document", async () => {
      const csc = await CscSandboxClient.connect(suite.t);
      const { nin } = SIGNEES[0];
      const credentialID = await csc.credentialOf(nin);
      const hashes = [sha256Base64('approved')];
      const refusal = async (approved: { document: { id: string; sha256: string }; approval: string }) =>
        (await csc.authorize(credentialID, hashes, await csc.authData(nin, credentialID, hashes, approved)).expect(400))
          .body.error_description;
      const own = await csc.deviceApproval(nin);
      await expect(refusal({ ...own, approval: '' })).resolves.toBe(
        'The approval is not a signature receipt idflow signed',
      );
      await expect(refusal(await csc.deviceApproval(nin, { signer: SIGNEES[1].nin }))).resolves.toBe(
        'The approval is another person’s',
      );
      await expect(refusal(await csc.deviceApproval(nin, { sha256: sha256Hex('another document') }))).resolves.toBe(
        'The approval is of another document than this authorization names',
      );
      await csc.authorize(credentialID, hashes, await csc.authData(nin, credentialID, hashes, own)).expect(200);
    });
  });

  it.each<ProviderMode>(['down', 'lying'])(
    'leaves the document pending while the provider is %s, says why, and completes once it signs',
    async (mode) => {
      proxy.mode = mode;
      const { id, reference } = await signedByBoth();
      const pending = await suite.untilPending(id);
      expect(pending.status).not.toBe('completed');
      expect(pending.file.stamped).toBeUndefined();
      expect(pending.pendingReason).toMatch(
        mode === 'down' ? /^Signing provider test provider: .* 503/ : /does not verify against the signer/,
      );
      await eventually(
        'the webhook is queued',
        async () => (await suite.webhookTypes(reference)).includes('document.signature_failed'),
        20_000,
      );
      // Every retry fails alike: one episode, told once.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await auditTypes(id)).filter((type) => type === 'signature-failed')).toHaveLength(1);
      const failures = (await suite.webhookTypes(reference)).filter((type) => type === 'document.signature_failed');
      expect(failures).toHaveLength(1);

      proxy.mode = 'honest';
      const doc = await untilCompleted(() => suite.refresh(id));
      expect(doc.pendingReason).toBeUndefined();
      const stamped = (await downloadFile(suite.t.http, doc.file.stamped)).body as Buffer;
      const verified = await suite.verify(stamped);
      expect(verified.pades.signatures.filter((s: { valid: boolean }) => s.valid)).toHaveLength(3);
    },
    60_000,
  );
});
