import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { certificateToPem } from '../../src/seal/pem';
import { SealCertificate } from '../../src/seal/seal-certificate.entity';
import { downloadFile } from '../support/document-flows';
import { openssl } from '../support/openssl';
import { SealedDocuments } from '../support/sealed-documents';
import { TestTimestampAuthority } from '../support/timestamp-authority';

describe('the revocation services of the sandbox seal CA and of the test timestamp authority', () => {
  let suite: SealedDocuments;
  let authority: TestTimestampAuthority;
  let caPath: string;
  let sealPath: string;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start();
    suite = await SealedDocuments.start({ SEAL_NAME: 'Acme idflow' }, { listening: true });
    const caPem = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    const [row] = await suite.t.app.get(DataSource).getRepository(SealCertificate).find();
    caPath = join(suite.pdf.dir, 'seal-ca.pem');
    sealPath = join(suite.pdf.dir, 'seal.pem');
    await writeFile(caPath, caPem);
    await writeFile(sealPath, row.certificatePem);
  });
  afterAll(async () => {
    await suite?.close();
    await authority?.close();
  });

  it('writes the OCSP, caIssuers and CRL addresses under BASE_URL into the seal certificate', async () => {
    const base = suite.t.config.BASE_URL;
    const text = await openssl(['x509', '-in', sealPath, '-noout', '-text']);
    expect(text).toContain(`OCSP - URI:${base}/.well-known/idflow-seal-ca/ocsp`);
    expect(text).toContain(`CA Issuers - URI:${base}/.well-known/idflow-seal-ca.cer`);
    expect(text).toMatch(new RegExp(`CRL Distribution Points:[\\s\\S]*URI:${base}/.well-known/idflow-seal-ca.crl`));
  });

  it('answers OCSP for the seal certificate: openssl ocsp verifies the answer against the seal CA and reads good', async () => {
    const url = (await openssl(['x509', '-in', sealPath, '-noout', '-ocsp_uri'])).trim();
    const report = await openssl(['ocsp', '-issuer', caPath, '-cert', sealPath, '-url', url, '-CAfile', caPath]);
    expect(report).toContain('Response verify OK');
    expect(report).toMatch(/seal\.pem: good/);
    expect(report).not.toContain('WARNING');
  });

  it('answers unknown for a certificate it never issued, and malformedRequest for bytes that are no request', async () => {
    const otherPath = join(suite.pdf.dir, 'tsa.pem');
    await writeFile(otherPath, certificateToPem(authority.certificate));
    const url = `${suite.t.config.BASE_URL}/.well-known/idflow-seal-ca/ocsp`;
    const report = await openssl(['ocsp', '-issuer', caPath, '-cert', otherPath, '-url', url, '-CAfile', caPath]);
    expect(report).toMatch(/tsa\.pem: unknown/);

    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: 'not an OCSP request',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ocsp-response');
    const derPath = join(suite.pdf.dir, 'malformed.der');
    await writeFile(derPath, Buffer.from(await response.arrayBuffer()));
    expect(await openssl(['ocsp', '-respin', derPath, '-resp_text', '-noverify'])).toMatch(
      /Responder Error: malformedrequest \(1\)/,
    );
  });

  it('publishes a CRL signed by the seal CA at the distribution point, which openssl crl parses and verifies', async () => {
    const crl = await downloadDer(suite, '/.well-known/idflow-seal-ca.crl');
    const crlPath = join(suite.pdf.dir, 'seal-ca.crl');
    await writeFile(crlPath, crl);
    const report = await openssl(['crl', '-inform', 'DER', '-in', crlPath, '-noout', '-text', '-CAfile', caPath]);
    expect(report).toContain('verify OK');
    expect(report).toContain('Issuer: O = Acme idflow, CN = Acme idflow sandbox seal CA');
    expect(report).toContain('No Revoked Certificates.');
  });

  it('publishes the seal CA in DER at the caIssuers address, the same certificate as the PEM', async () => {
    const der = await downloadDer(suite, '/.well-known/idflow-seal-ca.cer');
    const derPath = join(suite.pdf.dir, 'seal-ca.cer');
    await writeFile(derPath, der);
    const fromDer = await openssl(['x509', '-inform', 'DER', '-in', derPath, '-noout', '-fingerprint', '-sha256']);
    const fromPem = await openssl(['x509', '-in', caPath, '-noout', '-fingerprint', '-sha256']);
    expect(fromDer).toMatch(/Fingerprint=/);
    expect(fromDer).toBe(fromPem);
  });

  it('the test timestamp authority answers OCSP for its certificate, good until revoked, then revoked', async () => {
    const tsaCaPath = join(suite.pdf.dir, 'tsa-ca.pem');
    const tsaPath = join(suite.pdf.dir, 'tsa.pem');
    await writeFile(tsaCaPath, authority.caPem);
    await writeFile(tsaPath, certificateToPem(authority.certificate));
    const url = (await openssl(['x509', '-in', tsaPath, '-noout', '-ocsp_uri'])).trim();
    const ask = () => openssl(['ocsp', '-issuer', tsaCaPath, '-cert', tsaPath, '-url', url, '-CAfile', tsaCaPath]);
    const good = await ask();
    expect(good).toContain('Response verify OK');
    expect(good).toMatch(/tsa\.pem: good/);

    authority.revokedAt = new Date(Date.now() - 60_000);
    try {
      const revoked = await ask();
      expect(revoked).toContain('Response verify OK');
      expect(revoked).toMatch(/tsa\.pem: revoked/);
    } finally {
      authority.revokedAt = undefined;
    }
  });
});

async function downloadDer(suite: SealedDocuments, path: string): Promise<Buffer> {
  const response = await downloadFile(suite.t.http, `${suite.t.config.BASE_URL}${path}`);
  expect(response.status).toBe(200);
  return response.body as Buffer;
}
