import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { DataSource } from 'typeorm';
import { SealCertificate } from '../../src/seal/seal-certificate.entity';
import { createTestApp } from '../support/test-app';
import { dssEntries } from '../support/pdf-tools';
import { SealedDocuments } from '../support/sealed-documents';
import { TestTimestampAuthority } from '../support/timestamp-authority';

const run = promisify(execFile);
const SIGNERS = ['10000000001'];

describe('the seal at PAdES B-LT (SEAL_LEVEL=B-LT)', () => {
  let suite: SealedDocuments;
  let authority: TestTimestampAuthority;
  let stamped: Buffer;
  let caPem: string;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start(new Date('2026-05-06T07:08:09Z'));
    suite = await SealedDocuments.start({ TSA_URL: authority.url, SEAL_LEVEL: 'B-LT' }, { listening: true });
    ({ stamped } = await suite.complete(SIGNERS));
    caPem = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
  });
  afterAll(async () => {
    await suite?.close();
    await authority?.close();
  });

  it('adds a DSS with the certificates of both chains and an OCSP answer for the seal and the timestamp certificates', async () => {
    expect(suite.t.config.SEAL_LEVEL).toBe('B-LT');
    const certs = await dssEntries(stamped, 'Certs');
    const ocsps = await dssEntries(stamped, 'OCSPs');
    // The seal certificate, the seal CA, the timestamp certificate and its CA.
    expect(certs).toHaveLength(4);
    expect(ocsps).toHaveLength(2);
    expect(authority.revocationRequests).toBeGreaterThan(0);
  });

  it('holds an OCSP answer for the seal certificate that openssl ocsp verifies against the seal CA', async () => {
    const [row] = await suite.t.app.get(DataSource).getRepository(SealCertificate).find();
    const dir = suite.pdf.dir;
    await writeFile(join(dir, 'ca.pem'), caPem);
    await writeFile(join(dir, 'seal.pem'), row.certificatePem);
    const reports: string[] = [];
    for (const [index, ocsp] of (await dssEntries(stamped, 'OCSPs')).entries()) {
      const path = join(dir, `ocsp-${index}.der`);
      await writeFile(path, ocsp);
      const args = ['ocsp', '-respin', path, '-issuer', join(dir, 'ca.pem'), '-cert', join(dir, 'seal.pem')];
      const { stdout, stderr } = await run('openssl', [...args, '-CAfile', join(dir, 'ca.pem')]).catch(
        (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
      );
      reports.push(`${stdout}${stderr}`);
    }
    const forSeal = reports.filter((report) => /seal\.pem: good/.test(report));
    expect(forSeal).toHaveLength(1);
    expect(forSeal[0]).toContain('Response verify OK');
  });

  it('keeps the seal valid and trusted in pdfsig, and /verify reports B-LT', async () => {
    const report = await suite.pdf.pdfsig(stamped, await suite.pdf.trustStore(caPem));
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    const data = await suite.verify(stamped);
    expect(data).toMatchObject({ result: 'verified', reliedOn: ['record', 'seal'] });
    expect(data.seal).toMatchObject({
      valid: true,
      trusted: true,
      coversWholeFile: true,
      level: 'B-LT',
      timestampedAtIso: '2026-05-06T07:08:09Z',
    });
  });

  it('reports bytes appended after the DSS update as not covering the whole file', async () => {
    const appended = Buffer.concat([stamped, Buffer.from('\n% edited\n%%EOF\n', 'latin1')]);
    const data = await suite.verify(appended);
    expect(data).toMatchObject({ result: 'altered', reliedOn: [] });
    expect(data.seal).toMatchObject({ present: true, valid: false, coversWholeFile: false });
  });

  it('reports an update that changes the catalog beyond /DSS as not covering the whole file', async () => {
    const document = await PDFDocument.load(stamped, { forIncrementalUpdate: true, updateMetadata: false });
    document.catalog.set(PDFName.of('OpenAction'), document.getPage(0).ref);
    document.context.snapshot?.markRefsForSave([document.context.trailerInfo.Root as PDFRef]);
    const changed = Buffer.from(await document.commit({ useObjectStreams: false }));
    const data = await suite.verify(changed);
    expect(data.seal).toMatchObject({ present: true, valid: false, coversWholeFile: false });
  });
});

describe('SEAL_LEVEL without a timestamp authority', () => {
  it('stops the start with a message naming TSA_URL', async () => {
    await expect(createTestApp({ env: { SEAL_LEVEL: 'B-LT' } })).rejects.toThrow(
      /SEAL_LEVEL B-LT needs a timestamp authority: set TSA_URL/,
    );
  });
});
