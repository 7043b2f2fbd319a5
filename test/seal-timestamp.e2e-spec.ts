import { SealedDocuments } from './support/sealed-documents';
import { TestTimestampAuthority } from './support/timestamp-authority';

const SIGNERS = ['10000000001'];

describe('the seal with a timestamp authority (TSA_URL): PAdES B-T', () => {
  let suite: SealedDocuments;
  let authority: TestTimestampAuthority;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start(new Date('2026-05-06T07:08:09Z'));
    suite = await SealedDocuments.start({ TSA_URL: authority.url, SEAL_LEVEL: 'B-T' });
  });
  afterAll(async () => {
    await suite?.close();
    await authority?.close();
  });

  const completed = async () => (await suite.complete(SIGNERS)).stamped;
  const verify = (bytes: Buffer) => suite.verify(bytes);

  it('countersigns the seal with a timestamp token from the authority', async () => {
    authority.failing = false;
    const before = authority.requests;
    const stamped = await completed();
    expect(authority.requests).toBe(before + 1);

    const report = await suite.pdf.pdfsig(stamped);
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

    expect(await suite.pdf.pdfsig(stamped)).toContain('Signature Validation: Signature is Valid.');
    const data = await verify(stamped);
    expect(data.seal).toMatchObject({ valid: true, trusted: true, level: 'B-B' });
    expect(data.seal).not.toHaveProperty('timestampedAtIso');
  });
});
