import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource, In } from 'typeorm';
import { FILE_STORAGE, type FileStorage } from '../../src/documents/file-storage';
import { StoredFileChunkRepository } from '../../src/documents/stored-file-chunk.repository';
import { StoredFileRecord } from '../../src/documents/stored-file-record.entity';
import { FlowsService } from '../../src/flows/flows.service';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { createDocument, simulatorSignedDocument, startDocument, storedFiles } from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import { type LocalS3, startLocalS3 } from '../support/local-s3';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { eventually } from '../support/waiting';

const TWO_HOURS_AGO = Date.now() - 2 * 3600 * 1000;
const LEFT_BY_A_KILLED_PROCESS = 'LeftByAKilledProcess0000000000000000000A.pdf';
const STORED_A_MOMENT_AGO = 'StoredAMomentAgoByACreateUnderWay000000B.pdf';

/**
 * What a process killed between storing a PDF and committing its document leaves in each storage, as it leaves it,
 * two hours old (with the files that are kept, so that only references save them); and a file stored a moment ago.
 * Answers the names the sweep must remove.
 */
type Leftovers = (t: TestApp, kept: string[]) => Promise<string[]>;

const onDisk: Leftovers = async (t, kept) => {
  const dir = join(t.config.DATA_DIR, 'files');
  const leftovers = [LEFT_BY_A_KILLED_PROCESS, '.tmp-HalfWrittenFile0'];
  for (const name of [...leftovers, STORED_A_MOMENT_AGO]) await writeFile(join(dir, name), '%PDF-1.7 partial');
  const then = new Date(TWO_HOURS_AGO);
  for (const name of [...leftovers, ...kept]) await utimes(join(dir, name), then, then);
  return leftovers;
};

const inDatabase: Leftovers = async (t, kept) => {
  const storage = t.app.get<FileStorage>(FILE_STORAGE);
  const dataSource = t.app.get(DataSource);
  const halfWritten = `${'H'.repeat(40)}.pdf`;
  await storage.putAt(LEFT_BY_A_KILLED_PROCESS, Buffer.from('%PDF-1.7 whole'));
  await storage.putAt(STORED_A_MOMENT_AGO, Buffer.from('%PDF-1.7 whole'));
  await new StoredFileChunkRepository(dataSource).insert(halfWritten, 0, Buffer.from('%PDF-1.7 part'), TWO_HOURS_AGO);
  await dataSource
    .getRepository(StoredFileRecord)
    .update({ key: In([LEFT_BY_A_KILLED_PROCESS, ...kept]) }, { createdAt: TWO_HOURS_AGO });
  return [LEFT_BY_A_KILLED_PROCESS, halfWritten];
};

describe.each([
  ['on local disk', 'local', onDisk],
  ['in the database', 'database', inDatabase],
] as const)('stored files that no document references do not pile up %s', (_where, storage, leftovers) => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let files: FileHost;
  let pdfUrl: string;

  beforeAll(async () => {
    files = await FileHost.start();
    // The sweep runs every second here; the grace stays at its default of an hour.
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', FILE_SWEEP_SECONDS: '1', FILE_STORAGE: storage },
    });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    pdfUrl = files.put('/contract.pdf', await makePdf(1));
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  const body = () => ({
    to: [sandbox.testPersons[0].nin],
    file: { url: pdfUrl, title: 'Contract' },
    webhook: { host: 'https://example.com/hook', reference: 'orphans' },
  });

  it('a create that fails after its file was stored leaves no file behind', async () => {
    const before = await storedFiles(t.app);
    const create = jest.spyOn(t.app.get(FlowsService), 'create').mockRejectedValueOnce(new Error('database went away'));
    const response = await createDocument(integrator, 'signing', body());
    create.mockRestore();
    expect(response.status).toBe(500);
    expect(await storedFiles(t.app)).toEqual(before);
  });

  it("the sweep removes what a killed process left (a stored file, a half-written one) once it is an hour old, and keeps every document's files", async () => {
    const signed = await simulatorSignedDocument(t, sandbox, pdfUrl, [sandbox.testPersons[0].nin]);
    await startDocument(integrator, 'signing', body());
    const kept = await storedFiles(t.app);
    const gone = await leftovers(t, kept);
    expect(await storedFiles(t.app)).toEqual(expect.arrayContaining(gone));

    const swept = async () => !(await storedFiles(t.app)).some((name) => gone.includes(name));
    await eventually('the sweep removes the leftovers', swept, 10_000);
    expect(await storedFiles(t.app)).toEqual([...kept, STORED_A_MOMENT_AGO].sort());
    const refreshed = await integrator.post('/api/v2/document/refresh', { flow: signed.doc.id }).expect(200);
    expect(refreshed.body.data.doc.file.stamped).toBe(signed.doc.file.stamped);
    await t.http().get(new URL(signed.doc.file.stamped).pathname).expect(200);
  });
});

describe('stored files that no document references do not pile up in an S3 bucket', () => {
  let s3: LocalS3;
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;

  beforeAll(async () => {
    [files, s3] = await Promise.all([FileHost.start(), startLocalS3()]);
    // A bucket's objects cannot be backdated: the grace is two seconds here instead.
    t = await createTestApp({
      env: {
        ALLOW_PRIVATE_URLS: 'true',
        ALLOW_INSECURE_URLS: 'true',
        FILE_SWEEP_SECONDS: '1',
        ORPHAN_FILE_GRACE_SECONDS: '2',
        ...s3.env(),
      },
    });
    sandbox = await bootstrapSandbox(t.app);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([files.close(), s3.close()]);
  });

  it("removes an unreferenced object once past the grace, and keeps every document's files", async () => {
    const signed = await simulatorSignedDocument(t, sandbox, files.put('/contract.pdf', await makePdf(1)), [
      sandbox.testPersons[0].nin,
    ]);
    const kept = await storedFiles(t.app);
    await t.app.get<FileStorage>(FILE_STORAGE).putAt(LEFT_BY_A_KILLED_PROCESS, Buffer.from('%PDF-1.7 whole'));
    expect(await storedFiles(t.app)).toContain(LEFT_BY_A_KILLED_PROCESS);

    const swept = async () => !(await storedFiles(t.app)).includes(LEFT_BY_A_KILLED_PROCESS);
    await eventually('the sweep removes the object once past the grace', swept, 15_000);
    expect(await storedFiles(t.app)).toEqual(kept);
    await t.http().get(new URL(signed.doc.file.stamped).pathname).expect(200);
  });
});
