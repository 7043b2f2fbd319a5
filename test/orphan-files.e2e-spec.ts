import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FlowsService } from '../src/flows/flows.service';
import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { createDocument, simulatorSignedDocument, startDocument, storedFiles } from './support/document-flows';
import { IntegratorClient } from './support/integrator-client';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { bootstrapSandbox } from './support/sandbox-tenant';
import { TestApp, createTestApp } from './support/test-app';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3600 * 1000);

describe('stored files that no document references do not pile up', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let files: FileHost;
  let pdfUrl: string;

  beforeAll(async () => {
    files = await FileHost.start();
    // The sweep runs every second here; the grace stays at its default of an hour.
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', FILE_SWEEP_SECONDS: '1' },
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
  const filesDir = () => join(t.config.DATA_DIR, 'files');

  it('a create that fails after its file was stored leaves no file behind', async () => {
    const before = await storedFiles(t.config.DATA_DIR);
    const create = jest.spyOn(t.app.get(FlowsService), 'create').mockRejectedValueOnce(new Error('database went away'));
    const response = await createDocument(integrator, 'signing', body());
    create.mockRestore();
    expect(response.status).toBe(500);
    expect(await storedFiles(t.config.DATA_DIR)).toEqual(before);
  });

  it("the sweep removes what a killed process left (a stored file, a half-written one) once it is an hour old, and keeps every document's files", async () => {
    const signed = await simulatorSignedDocument(t, sandbox, pdfUrl, [sandbox.testPersons[0].nin]);
    await startDocument(integrator, 'signing', body());
    const kept = await storedFiles(t.config.DATA_DIR);
    // What a process killed between storing a PDF and committing its document leaves, as it leaves it.
    const leftovers = ['LeftByAKilledProcess0000000000000000000A.pdf', '.tmp-HalfWrittenFile0'];
    const recent = 'StoredAMomentAgoByACreateUnderWay000000B.pdf';
    for (const name of [...leftovers, recent]) await writeFile(join(filesDir(), name), '%PDF-1.7 partial');
    for (const name of [...leftovers, ...kept]) await utimes(join(filesDir(), name), TWO_HOURS_AGO, TWO_HOURS_AGO);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await storedFiles(t.config.DATA_DIR)).toEqual([...kept, recent].sort());
    const refreshed = await integrator.post('/api/v2/document/refresh', { flow: signed.doc.id }).expect(200);
    expect(refreshed.body.data.doc.file.stamped).toBe(signed.doc.file.stamped);
    await t.http().get(new URL(signed.doc.file.stamped).pathname).expect(200);
  });
});
