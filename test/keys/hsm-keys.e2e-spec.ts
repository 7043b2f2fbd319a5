import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePkcs11Uri } from '../../src/common/pkcs11/pkcs11-uri';
import { SealCredentialsService } from '../../src/seal/seal-credentials.service';
import { CscSandboxClient } from '../support/csc-sandbox-client';
import { downloadFile, untilCompleted } from '../support/document-flows';
import { openssl } from '../support/openssl';
import { SealedDocuments } from '../support/sealed-documents';
import { SoftHsm, describeWithSoftHsm } from '../support/softhsm-token';
import { type TestApp, createListeningTestApp } from '../support/test-app';

const SEAL_PIN = '246810';
const SIGNERS_PIN = '135791';
const SIGNEES = [
  { nin: '10000000001', name: 'Adaeze Okonkwo' },
  { nin: '10000000002', name: 'Babajide Adeyemi' },
];

/** A completed document takes its seal job's turn: more than jest's 30 s on a busy machine. */
const DOCUMENT_MS = 90_000;

const spkiOf = (certificate: X509Certificate) => certificate.publicKey.export({ type: 'spki', format: 'der' });
/** The CKA_ID the sandbox signing CA's key has in the token: the id of its database row. */
const SIGNING_CA_KEY_ID = Buffer.from('ca');

describeWithSoftHsm('keys in a PKCS#11 token (SoftHSM2)', () => {
  let hsm: SoftHsm;
  let suite: SealedDocuments;
  let sealUri: string;
  let signersUri: string;
  /** The settings that name the tokens, for the app and for its restart. */
  let tokens: Record<string, string>;
  /** Set once the restart has closed the suite's app (and its file host and workbench). */
  let closed = false;

  beforeAll(async () => {
    hsm = new SoftHsm();
    const sealToken = hsm.initToken('idflow-seal', SEAL_PIN);
    const signersToken = hsm.initToken('idflow-signers', SIGNERS_PIN);
    sealUri = hsm.uri(`token=${sealToken};object=seal;id=%01%02`);
    await hsm.withToken(sealUri, SEAL_PIN, (token) => token.generateRsaKey(Buffer.from([1, 2]), 'seal'));
    // The signers' token gives its PIN the other way RFC 7512 names: a pin-source file.
    const pinFile = join(hsm.dir, 'signers.pin');
    writeFileSync(pinFile, `${SIGNERS_PIN}\n`, { mode: 0o600 });
    signersUri = hsm.uri(`token=${signersToken}`, `&pin-source=file:${pinFile}`);
    tokens = { SEAL_KEY_PKCS11_URI: sealUri, SEAL_KEY_PKCS11_PIN: SEAL_PIN, SANDBOX_SIGNING_PKCS11_URI: signersUri };
    suite = await SealedDocuments.start(tokens, { listening: true });
  });
  afterAll(async () => {
    if (!closed) await suite?.close();
    hsm?.remove();
  });

  const signingCaPem = async (t: TestApp) =>
    (await t.http().get('/.well-known/idflow-signing-ca.pem').expect(200)).text;

  /** A test person's signer certificate, as the sandbox provider's credentials/info gives it. */
  async function signerCertificate(nin: string): Promise<X509Certificate> {
    const csc = await CscSandboxClient.connect(suite.t);
    const info = await csc.call('credentials/info', { credentialID: await csc.credentialOf(nin) }).expect(200);
    return new X509Certificate(Buffer.from(info.body.cert.certificates[0], 'base64'));
  }

  /** openssl's OCSP check of a signer certificate at the app's responder, the answer verified against the CA. */
  async function ocspReport(t: TestApp, caPem: string, signer: X509Certificate): Promise<string> {
    const caPath = join(hsm.dir, 'signing-ca.pem');
    const signerPath = join(hsm.dir, 'signer.pem');
    writeFileSync(caPath, caPem);
    writeFileSync(signerPath, signer.toString());
    const url = `${t.config.BASE_URL}/.well-known/idflow-signing-ca/ocsp`;
    return openssl(['ocsp', '-issuer', caPath, '-cert', signerPath, '-url', url, '-CAfile', caPath]);
  }

  it(
    "seals a document with the token's key, which the token never lets out; pdfsig finds the seal valid",
    async () => {
      const { stamped } = await suite.complete([SIGNEES[0].nin]);
      const sealCa = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
      const report = await suite.pdf.pdfsig(stamped, await suite.pdf.trustStore(sealCa));
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
      expect((await suite.verify(stamped)).result).toBe('verified');

      const { certificate } = await suite.t.app.get(SealCredentialsService).credential();
      const sealCertificate = new X509Certificate(Buffer.from(certificate.toSchema(true).toBER(false)));
      await hsm.withToken(sealUri, SEAL_PIN, (token) => {
        const key = token.privateKey(parsePkcs11Uri(sealUri));
        expect(key.extractable).toBe(false);
        expect(key.sensitive).toBe(true);
        expect(spkiOf(sealCertificate).equals(key.spki())).toBe(true);
      });
    },
    DOCUMENT_MS,
  );

  it(
    "signs an advanced-signature document with each signer's key, generated inside the token",
    async () => {
      const { id } = await suite.signReview(SIGNEES, { signingOrder: 'sequential', signature: 'advanced' });
      const doc = await untilCompleted(() => suite.refresh(id));
      const stamped = (await downloadFile(suite.t.http, doc.file.stamped)).body as Buffer;
      const signatures = await suite.pdfsigSignatures(stamped);
      expect(signatures).toHaveLength(3);
      for (const signature of signatures) expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signatures[0]).toContain(`Signer Certificate Common Name: ${SIGNEES[0].name}`);
      expect(signatures[1]).toContain(`Signer Certificate Common Name: ${SIGNEES[1].name}`);

      const csc = await CscSandboxClient.connect(suite.t);
      for (const { nin } of SIGNEES) {
        const credentialID = await csc.credentialOf(nin);
        const info = await csc.call('credentials/info', { credentialID }).expect(200);
        const certificate = new X509Certificate(Buffer.from(info.body.cert.certificates[0], 'base64'));
        await hsm.withToken(signersUri.replace(/&pin-source=.*$/, ''), SIGNERS_PIN, (token) => {
          const key = token.privateKeyById(Buffer.from(credentialID));
          expect(key).toBeDefined();
          expect(key!.extractable).toBe(false);
          expect(key!.sensitive).toBe(true);
          expect(spkiOf(certificate).equals(key!.spki())).toBe(true);
        });
      }
    },
    DOCUMENT_MS,
  );

  it("keeps the sandbox signing CA's key in the token: it certifies the signers and signs the OCSP answers", async () => {
    const caPem = await signingCaPem(suite.t);
    const ca = new X509Certificate(caPem);
    await hsm.withToken(signersUri.replace(/&pin-source=.*$/, ''), SIGNERS_PIN, (token) => {
      const key = token.privateKeyById(SIGNING_CA_KEY_ID);
      expect(key).toBeDefined();
      expect(key!.extractable).toBe(false);
      expect(key!.sensitive).toBe(true);
      expect(spkiOf(ca).equals(key!.spki())).toBe(true);
    });
    const signer = await signerCertificate(SIGNEES[0].nin);
    expect(signer.checkIssued(ca)).toBe(true);
    expect(signer.verify(ca.publicKey)).toBe(true);
    const report = await ocspReport(suite.t, caPem, signer);
    expect(report).toContain('Response verify OK');
    expect(report).toMatch(/signer\.pem: good/);
  });

  it('finds the same signing CA in the token after a restart: certificates issued before still chain', async () => {
    const caPem = await signingCaPem(suite.t);
    const signer = await signerCertificate(SIGNEES[0].nin);
    const { DATABASE_PATH, DATABASE_SCHEMA, DATA_DIR } = suite.t.config;
    await suite.close();
    closed = true;
    const restarted = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      ...tokens,
      DATABASE_PATH,
      DATABASE_SCHEMA: DATABASE_SCHEMA ?? '',
      DATA_DIR,
    }));
    try {
      expect(await signingCaPem(restarted)).toBe(caPem);
      const report = await ocspReport(restarted, caPem, signer);
      expect(report).toContain('Response verify OK');
      expect(report).toMatch(/signer\.pem: good/);
    } finally {
      await restarted.close();
    }
  });
});
