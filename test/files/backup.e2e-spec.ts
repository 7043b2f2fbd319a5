import { cpSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { untilCompleted } from '../support/document-flows';
import type { JsonBody } from '../support/json-body';
import { CliRun, runCli } from '../support/operator-cli';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { callService, signedWithWebhook } from '../support/service-calls';
import { ServiceProcess, startService } from '../support/service-process';
import { ADMIN_TOKEN } from '../support/test-config';
import { WebhookReceiver } from '../support/webhook-receiver';

// Flows keep being created while the backup runs, faster than the per-IP limit allows.
const SETTINGS = {
  ADMIN_TOKEN,
  ALLOW_PRIVATE_URLS: 'true',
  ALLOW_INSECURE_URLS: 'true',
  RATE_LIMIT_PER_MINUTE: '100000',
};
const modeOf = (path: string) => statSync(path).mode & 0o777;
const freshDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A document signed by a sandbox test person through the simulator: its stamped, sealed copy as anyone downloads it. */
async function sealedDocument(
  service: ServiceProcess,
  sandbox: SandboxBootstrap,
  host: FileHost,
  receiver: WebhookReceiver,
): Promise<{ path: string; bytes: Buffer }> {
  const headers = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
  const nin = sandbox.testPersons[0].nin;
  const created = await callService(service, '/api/v2/document/signing', headers, {
    to: [nin],
    file: { url: host.put('/lease.pdf', await makePdf(1)), title: 'Lease 7' },
    webhook: { host: receiver.url, reference: 'document' },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id: string = created.body.data.request.id;
  await callService(service, `/api/v2/sandbox/flows/${id}/approve`, headers, { nin });
  const doc = await untilCompleted(
    async () =>
      (await callService(service, '/api/v2/document/refresh', headers, { flow: id })).body.data.doc as JsonBody,
  );
  const path = new URL(doc.file.stamped).pathname;
  return { path, bytes: await download(service, path) };
}

async function download(service: ServiceProcess, path: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(`${service.baseUrl}${path}`)).arrayBuffer());
}

/** Creates identification flows on `service` one after another until `until` settles; resolves with how many it made. */
async function createFlowsUntil(service: ServiceProcess, sandbox: SandboxBootstrap, until: Promise<unknown>) {
  let settled = false;
  void until.finally(() => (settled = true));
  const headers = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
  let made = 0;
  while (!settled) {
    const created = await callService(service, '/api/v2/identification/same-device', headers, SAME_DEVICE_LOGIN);
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
    made += 1;
  }
  return made;
}

async function verify(service: ServiceProcess, bytes: Buffer): Promise<JsonBody> {
  const response = await fetch(`${service.baseUrl}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: bytes,
  });
  return ((await response.json()) as JsonBody).data;
}

describe('backup of the embedded default while it runs, restored into a fresh DATA_DIR', () => {
  let host: FileHost;
  let receiver: WebhookReceiver;
  let sandbox: SandboxBootstrap;
  let stamped: { path: string; bytes: Buffer };
  let writtenDuringBackup: number;
  let backupDir: string;
  let backup: CliRun;
  let restored: ServiceProcess;

  beforeAll(async () => {
    [host, receiver] = await Promise.all([FileHost.start(), WebhookReceiver.start()]);
    const dataDir = freshDir('idflow-live-');
    const running = await startService({ ...SETTINGS, DATA_DIR: dataDir });
    try {
      const bootstrap = await callService(
        running,
        '/admin/sandbox/bootstrap',
        { authorization: `Bearer ${ADMIN_TOKEN}` },
        {},
      );
      sandbox = bootstrap.body.data;
      stamped = await sealedDocument(running, sandbox, host, receiver);
      backupDir = join(freshDir('idflow-backups-'), 'backup');
      // `npm run cli -- backup <dir>` against the running service's DATA_DIR, while it writes.
      const backupRun = runCli(loadConfig({ DATA_DIR: dataDir }), ['backup', backupDir, '--json']);
      [backup, writtenDuringBackup] = await Promise.all([backupRun, createFlowsUntil(running, sandbox, backupRun)]);
    } finally {
      await running.stop();
    }
    const restoredDir = freshDir('idflow-restored-');
    // The restore of docs/operations.md: the backup's contents into an empty DATA_DIR.
    cpSync(backupDir, restoredDir, { recursive: true });
    restored = await startService({ ...SETTINGS, DATA_DIR: restoredDir });
  }, 120_000);
  afterAll(async () => {
    await restored?.stop();
    await Promise.all([host?.close(), receiver?.close()]);
  });

  it('writes an owner-only directory with the database, the key file and the stored files', () => {
    expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' });
    expect(writtenDuringBackup).toBeGreaterThan(0);
    const summary = JSON.parse(backup.stdout) as JsonBody;
    // The original and its stamped copy.
    expect(summary).toMatchObject({ path: backupDir, files: 2, keyIncluded: true });
    expect(summary.databaseBytes).toBeGreaterThan(0);
    expect(readdirSync(backupDir).sort()).toEqual(['files', 'idflow.sqlite', 'key-encryption.key']);
    expect(modeOf(backupDir)).toBe(0o700);
    expect(modeOf(join(backupDir, 'idflow.sqlite'))).toBe(0o600);
    expect(modeOf(join(backupDir, 'key-encryption.key'))).toBe(0o600);
  });

  it('refuses to write over an existing path', async () => {
    const again = await runCli(loadConfig({ DATA_DIR: freshDir('idflow-other-') }), ['backup', backupDir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('the restored service recognises the sealed document and serves its stamped copy', async () => {
    await expect(verify(restored, stamped.bytes)).resolves.toMatchObject({ result: 'verified' });
    expect((await download(restored, stamped.path)).equals(stamped.bytes)).toBe(true);
  });

  it('the restored service opens its sealed secrets: the sandbox device key signs, the webhook secret signs', async () => {
    await expect(signedWithWebhook(sandbox, receiver, 'restored', restored)).resolves.toMatchObject({
      type: 'signing.completed',
    });
  });
});
