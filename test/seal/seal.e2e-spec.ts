import { DataSource } from 'typeorm';
import { SecretSealer } from '../../src/key-encryption/secret-sealer';
import { SealCertificate } from '../../src/seal/seal-certificate.entity';
import { makePdf } from '../support/pdf-fixtures';
import { withFirstPageContentChanged } from '../support/pdf-tools';
import { SealedDocuments } from '../support/sealed-documents';

const SIGNERS = ['10000000001', '10000000002'];

describe('the PAdES seal of completed documents', () => {
  let suite: SealedDocuments;
  let stamped: Buffer;
  let docId: string;
  let caPem: string;
  const pdf = () => suite.pdf;
  const verify = (bytes: Buffer) => suite.verify(bytes);

  beforeAll(async () => {
    suite = await SealedDocuments.start({ SEAL_NAME: 'Acme idflow' }, { listening: true });
    const signed = await suite.complete(SIGNERS, 2);
    ({ stamped } = signed);
    docId = signed.doc.id;
    caPem = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
  });
  afterAll(async () => {
    await suite?.close();
  });

  it('publishes the seal CA as one PEM certificate naming the deployment', async () => {
    const response = await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-pem-file/);
    expect(caPem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
    const report = await pdf().pdfsig(stamped);
    expect(report).toContain('Signer full Distinguished Name: CN=Acme idflow document seal,O=Acme idflow');
  });

  it('keeps the sandbox seal key sealed under the key-encryption key, never in clear', async () => {
    const rows = await suite.t.app.get(DataSource).getRepository(SealCertificate).find();
    expect(rows).toHaveLength(1);
    expect(rows[0].caPem).toBe(caPem);
    expect(rows[0].privateKey).toMatch(/^kek1\.[^.]+\.[^.]+\.[^.]+$/);
    // Opened with the row's context, it is the seal key in PKCS#8 (base64 DER, which starts with MII).
    const opened = suite.t.app.get(SecretSealer).open(rows[0].privateKey, 'seal_certificates.private_key:sandbox');
    expect(opened).toMatch(/^MII[A-Za-z0-9+/]+=*$/);
  });

  it('seals the stamped file: pdfsig sees a valid ETSI.CAdES.detached signature over the whole file', async () => {
    const report = await pdf().pdfsig(stamped);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // Without the seal CA in its trust store, a validator cannot know the issuer.
    expect(report).toContain("Certificate Validation: Certificate issuer isn't Trusted.");
  });

  it('is trusted by a validator told to trust the published seal CA', async () => {
    const report = await pdf().pdfsig(stamped, await pdf().trustStore(caPem));
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  });

  it('/verify checks the seal as well as the record, and says it relied on both', async () => {
    const data = await verify(stamped);
    expect(data).toMatchObject({ result: 'verified', verified: true, document: { id: docId } });
    expect(data.reliedOn).toEqual(['record', 'seal']);
    expect(data.seal).toEqual({
      present: true,
      valid: true,
      trusted: true,
      level: 'B-B',
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      signer: 'Acme idflow document seal',
      signedAtIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    // The claimed signing time is the moment of sealing, just after the last signature.
    const lastSignature = Math.max(...data.document.signers.map((signer: { signedAt: number }) => signer.signedAt));
    const sealedAt = Date.parse(data.seal.signedAtIso) / 1000;
    expect(sealedAt).toBeGreaterThanOrEqual(lastSignature);
    expect(sealedAt - lastSignature).toBeLessThan(60);
  });

  it('reports one byte changed in the original page content as not valid, in pdfsig and in /verify', async () => {
    const changed = await withFirstPageContentChanged(stamped);
    const report = await pdf().pdfsig(changed, await pdf().trustStore(caPem));
    expect(report).not.toContain('Signature is Valid');
    expect(report).toContain('Signature Validation: Digest Mismatch.');

    const data = await verify(changed);
    expect(data).toMatchObject({ result: 'altered', verified: false, document: { id: docId }, reliedOn: [] });
    expect(data.seal).toMatchObject({
      present: true,
      valid: false,
      trusted: false,
      coversWholeFile: true,
      digestMatches: false,
      signatureValid: false,
      problem: expect.stringMatching(/changed since the file was sealed/),
    });
  });

  it('reports bytes appended after the seal as not covering the whole file', async () => {
    const appended = Buffer.concat([stamped, Buffer.from('\n% edited\n%%EOF\n', 'latin1')]);
    const data = await verify(appended);
    expect(data).toMatchObject({ result: 'altered', reliedOn: [] });
    expect(data.seal).toMatchObject({ present: true, valid: false, coversWholeFile: false });
  });

  it('prints signers named in Cyrillic and in Yoruba exactly on the signature page of the sealed file', async () => {
    const stampedReview = await suite.completeReview([
      { nin: '10000000001', name: 'Анна Сергеевна Иванова' },
      { nin: '10000000002', name: 'Ọláolúwa Adéwálé' },
    ]);
    const text = await pdf().pdftotext(stampedReview);
    expect(text).toMatch(/^Анна Сергеевна Иванова$/m);
    expect(text).toMatch(/^Ọláolúwa Adéwálé$/m);
    expect(await pdf().pdfsig(stampedReview)).toContain('Signature Validation: Signature is Valid.');
  });

  it('finds no seal on a PDF we never sealed', async () => {
    const data = await verify(await makePdf(1));
    expect(data).toMatchObject({ result: 'unknown', reliedOn: [] });
    expect(data.seal).toEqual({
      present: false,
      valid: false,
      trusted: false,
      problem: 'The file carries no PDF signature.',
    });
  });
});
