import { SealedDocuments } from '../support/sealed-documents';
import { TestTimestampAuthority } from '../support/timestamp-authority';
import { eventually } from '../support/waiting';

const SIGNERS = ['10000000001'];
/** Eight quick retries: the last of them, and only it, may seal at a lower level. */
const RETRIES = 8;

describe('the seal with a timestamp authority (TSA_URL): PAdES B-T', () => {
  let suite: SealedDocuments;
  let authority: TestTimestampAuthority;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start(new Date('2026-05-06T07:08:09Z'));
    suite = await SealedDocuments.start({
      TSA_URL: authority.url,
      SEAL_LEVEL: 'B-T',
      SEAL_RETRY_SCHEDULE: Array(RETRIES).fill('0.3').join(','),
    });
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

  it('retries a failing authority: the document stays in progress, then completes at B-T once it answers, with one document.completed', async () => {
    authority.failing = true;
    const before = authority.requests;
    const { id, reference } = await suite.sign(SIGNERS);
    await eventually('two failed timestamp requests', async () => authority.requests >= before + 2, 30_000);
    const meanwhile = await suite.refresh(id);
    expect(meanwhile).toMatchObject({
      status: 'in_progress',
      handled: false,
      cancelled: false,
      statusLog: [{ nin: SIGNERS[0], status: 'signed' }],
    });
    expect(meanwhile.file.stamped).toBeUndefined();
    expect(await suite.webhookTypes(reference)).toEqual(['document.signee.signed']);

    authority.failing = false;
    const stamped = await suite.stampedCopy(id);
    expect((await verify(stamped)).seal).toMatchObject({ valid: true, level: 'B-T' });
    expect(await suite.webhookTypes(reference)).toEqual(['document.completed', 'document.signee.signed']);
  });

  it('seals at B-B once every retry has failed, and the document still completes', async () => {
    authority.failing = true;
    const before = authority.requests;
    const stamped = await completed();
    // A first attempt, then one per retry, the last of which seals without the timestamp.
    expect(authority.requests).toBe(before + 1 + RETRIES);

    expect(await suite.pdf.pdfsig(stamped)).toContain('Signature Validation: Signature is Valid.');
    const data = await verify(stamped);
    expect(data.seal).toMatchObject({ valid: true, trusted: true, level: 'B-B' });
    expect(data.seal).not.toHaveProperty('timestampedAtIso');
  });
});
