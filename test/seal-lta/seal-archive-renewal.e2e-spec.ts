import { DataSource } from 'typeorm';
import { DocumentArchiveService } from '../../src/documents/document-archive.service';
import { DocumentAuditEvent } from '../../src/documents/document-audit-event.entity';
import { FILE_STORAGE, type FileStorage } from '../../src/documents/file-storage';
import { FlowDocument } from '../../src/documents/flow-document.entity';
import { signatureRanges } from '../../src/seal/signature-ranges';
import { runCli, unexpectedLogLines } from '../support/operator-cli';
import { SealedDocuments } from '../support/sealed-documents';
import { type TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import { TestTimestampAuthority } from '../support/timestamp-authority';

const SIGNERS = ['10000000001'];
const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe(`archive renewal of B-LTA copies (${scaledOut ? 'two instances on PostgreSQL' : 'SQLite'})`, () => {
  let suite: SealedDocuments;
  let other: TestApp | undefined;
  let authority: TestTimestampAuthority;
  let env: Record<string, string>;

  beforeAll(async () => {
    authority = await TestTimestampAuthority.start();
    env = { TSA_URL: authority.url, ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };
    suite = await SealedDocuments.start(env, { listening: true });
    if (scaledOut) {
      other = await createTestApp({
        env: { ...env, BASE_URL: suite.t.config.BASE_URL, DATABASE_SCHEMA: suite.t.config.DATABASE_SCHEMA as string },
      });
    }
  });
  afterAll(async () => {
    await other?.close();
    await suite?.close();
    await authority?.close();
  });

  const row = (flowId: string) => suite.t.app.get(DataSource).getRepository(FlowDocument).findOneByOrFail({ flowId });
  const stored = async (flowId: string) =>
    suite.t.app.get<FileStorage>(FILE_STORAGE).get((await row(flowId)).stampedKey!);
  /**
   * Has the service write the copy's row while each timestamp of a renewal is made, and returns what each write came
   * to. Nothing of the renewal may hold the database meanwhile: on SQLite a write transaction open in another process
   * stops the service's writes, its event loop held while it waits.
   */
  const writeDuringTimestamps = (flowId: string): string[] => {
    const writes: string[] = [];
    authority.beforeAnswer = () =>
      suite.t.app
        .get(DataSource)
        .createQueryBuilder()
        .update(FlowDocument)
        .set({ archiveRenewalAt: () => 'archive_renewal_at' })
        .where({ flowId })
        .execute()
        .then(
          () => void writes.push('written'),
          (error: Error) => void writes.push(error.message),
        );
    return writes;
  };
  afterEach(() => {
    authority.beforeAnswer = undefined;
  });
  const renewals = (flowId: string) =>
    suite.t.app.get(DataSource).getRepository(DocumentAuditEvent).countBy({ flowId, type: 'archive-renewed' });

  it('renews a copy whose timestamp certificate nears expiry exactly once, however many passes race for it', async () => {
    const { doc, stamped } = await suite.complete(SIGNERS);
    const flowId: string = doc.id;
    // The test authority's certificate lasts a day, well inside ARCHIVE_RENEWAL_DAYS (90): renewal is due at once.
    expect((await row(flowId)).archiveRenewalAt).toBeLessThanOrEqual(Date.now());

    const instances = [suite.t, ...(other ? [other] : [])];
    const passes = instances.flatMap((instance) => {
      const archive = instance.app.get(DocumentArchiveService);
      return [archive.renewDue(), archive.renewDue()];
    });
    const renewed = (await Promise.all(passes)).reduce((sum, count) => sum + count, 0);
    expect(renewed).toBe(1);
    expect(await renewals(flowId)).toBe(1);

    const renewedCopy = await stored(flowId);
    // The seal, the first document timestamp, the new one; the earlier bytes are kept as they were.
    expect(signatureRanges(renewedCopy)).toHaveLength(3);
    expect(renewedCopy.subarray(0, stamped.length).equals(stamped)).toBe(true);
    // Not again at the next pass: the new timestamp's certificate is as near its end as the last one was.
    expect((await row(flowId)).archiveRenewalAt).toBeGreaterThan(Date.now() + 3600_000);
    await expect(suite.t.app.get(DocumentArchiveService).renewDue()).resolves.toBe(0);

    const data = await suite.verify(renewedCopy);
    expect(data).toMatchObject({ result: 'verified', reliedOn: ['record', 'seal'] });
    expect(data.seal).toMatchObject({ valid: true, trusted: true, coversWholeFile: true });
    expect(data.pades.level).toBe('B-LTA');
    expect(data.pades.timestamps).toEqual([
      expect.objectContaining({ type: 'signature', valid: true }),
      expect.objectContaining({ type: 'document', valid: true, coversWholeFile: true }),
      expect.objectContaining({ type: 'document', valid: true, coversWholeFile: true }),
    ]);
    const caPem = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    const report = await suite.pdf.pdfsig(renewedCopy, await suite.pdf.trustStore(caPem, authority.caPem));
    expect(report).toMatch(
      /Signature #1:[\s\S]*Signature is Valid\.[\s\S]*Certificate is Trusted\.[\s\S]*Signature #2/,
    );
  });

  it('renews one document on demand from the CLI (archive:renew)', async () => {
    const { doc } = await suite.complete(SIGNERS);
    const flowId: string = doc.id;
    const cliEnv = { ...env, BASE_URL: suite.t.config.BASE_URL };
    const writes = writeDuringTimestamps(flowId);
    const run = await runCli(suite.t.config, ['archive:renew', '--document', flowId, '--json'], 'node', cliEnv);
    expect(writes).toEqual(['written']);
    // Not a warning nor an error line: the CLI runs no background work, so only the command could log.
    expect(unexpectedLogLines(run)).toEqual([]);
    expect(JSON.parse(run.stdout)).toEqual({ document: flowId, renewed: true });
    expect(await renewals(flowId)).toBe(1);
    expect(signatureRanges(await stored(flowId))).toHaveLength(3);
    const data = await suite.verify(await stored(flowId));
    expect(data.pades).toMatchObject({ level: 'B-LTA' });

    const unknown = await runCli(
      suite.t.config,
      ['archive:renew', '--document', `doc_${'Z'.repeat(40)}`],
      'node',
      cliEnv,
    );
    expect(unknown.code).toBe(1);
  });

  it('renews one document on demand from the admin API, and says which id it does not know', async () => {
    const { doc } = await suite.complete(SIGNERS);
    const flowId: string = doc.id;
    const admin = () => suite.t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
    // An authority that fails: the renewal fails, gives its claim back and leaves the copy as it was.
    const before = await row(flowId);
    authority.failing = true;
    const failed = await admin().post(`/admin/documents/${flowId}/archive/renew`);
    authority.failing = false;
    expect(failed.status).toBe(502);
    expect(await row(flowId)).toMatchObject({
      archiveRenewalAt: before.archiveRenewalAt,
      stampedSha256: before.stampedSha256,
    });
    expect(await renewals(flowId)).toBe(0);

    const writes = writeDuringTimestamps(flowId);
    const answer = await admin().post(`/admin/documents/${flowId}/archive/renew`).expect(201);
    expect(writes).toEqual(['written']);
    expect(answer.body).toMatchObject({ reason: 'Archive renewal done', data: { document: flowId, renewed: true } });
    expect(await renewals(flowId)).toBe(1);
    const data = await suite.verify(await stored(flowId));
    expect(data.pades).toMatchObject({ level: 'B-LTA' });
    expect(data.pades.timestamps.filter((timestamp: { type: string }) => timestamp.type === 'document')).toHaveLength(
      2,
    );

    await admin()
      .post(`/admin/documents/doc_${'Z'.repeat(40)}/archive/renew`)
      .expect(404);
    const invalid = await admin().post('/admin/documents/req_1/archive/renew').expect(400);
    expect(JSON.stringify(invalid.body)).toContain('documentId must be a document id (doc_...)');
    await suite.t.http().post(`/admin/documents/${flowId}/archive/renew`).expect(401);
  });
});
