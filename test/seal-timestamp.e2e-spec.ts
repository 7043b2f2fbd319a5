import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { simulatorSignedDocument } from './support/document-flows';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { PdfWorkbench } from './support/pdf-tools';
import { bootstrapSandbox } from './support/sandbox-tenant';
import { TestApp, createTestApp } from './support/test-app';
import { TestTimestampAuthority } from './support/timestamp-authority';

const SIGNERS = ['10000000001'];

describe('the seal with a timestamp authority (TSA_URL): PAdES B-T', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let pdf: PdfWorkbench;
  let authority: TestTimestampAuthority;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start(new Date('2026-05-06T07:08:09Z'));
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', TSA_URL: authority.url },
    });
    sandbox = await bootstrapSandbox(t.app);
    files = await FileHost.start();
    pdf = await PdfWorkbench.open();
  });
  afterAll(async () => {
    await pdf?.close();
    await files?.close();
    await t?.close();
    await authority?.close();
  });

  const completed = async () =>
    (await simulatorSignedDocument(t, sandbox, files.put(`/${Date.now()}.pdf`, await makePdf(1)), SIGNERS)).stamped;
  const verify = async (bytes: Buffer) =>
    (await t.http().post('/verify').set('content-type', 'application/pdf').send(bytes).expect(200)).body.data;

  it('countersigns the seal with a timestamp token from the authority', async () => {
    authority.failing = false;
    const before = authority.requests;
    const stamped = await completed();
    expect(authority.requests).toBe(before + 1);

    const report = await pdf.pdfsig(stamped);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    const data = await verify(stamped);
    expect(data.reliedOn).toEqual(['record', 'seal']);
    expect(data.seal).toMatchObject({
      valid: true,
      trusted: true,
      level: 'B-T',
      timestampedAtIso: '2026-05-06T07:08:09Z',
    });
  });

  it('seals at B-B when the authority fails, and the document still completes', async () => {
    authority.failing = true;
    const before = authority.requests;
    const stamped = await completed();
    expect(authority.requests).toBe(before + 1);

    expect(await pdf.pdfsig(stamped)).toContain('Signature Validation: Signature is Valid.');
    const data = await verify(stamped);
    expect(data.seal).toMatchObject({ valid: true, trusted: true, level: 'B-B' });
    expect(data.seal).not.toHaveProperty('timestampedAtIso');
  });
});
