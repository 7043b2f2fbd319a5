import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { downloadFile, sha256, simulatorSignedDocument, storedFiles } from '../support/document-flows';
import type { JsonBody } from '../support/json-body';
import { type LocalS3, startLocalS3 } from '../support/local-s3';
import { runCli } from '../support/operator-cli';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

const SPAWN_TIMEOUT_MS = 60_000;

describe('files:migrate moves a deployment that kept its files on local disk', () => {
  let s3: LocalS3;
  let files: FileHost;
  let onDisk: TestApp;
  let sandbox: SandboxBootstrap;
  let signed: { doc: JsonBody; stamped: Buffer };
  const others: TestApp[] = [];

  beforeAll(async () => {
    [files, s3] = await Promise.all([FileHost.start(), startLocalS3()]);
    onDisk = await createTestApp({
      env: { FILE_STORAGE: 'local', ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' },
    });
    sandbox = await bootstrapSandbox(onDisk.app);
    signed = await simulatorSignedDocument(onDisk, sandbox, files.put('/lease.pdf', await makePdf(2)), [
      sandbox.testPersons[0].nin,
    ]);
  });
  afterAll(async () => {
    for (const app of [...others, onDisk]) await app?.close();
    await Promise.all([files?.close(), s3?.close()]);
  });

  /** Another instance on the same database, with a DATA_DIR of its own and files in `storage`. */
  async function instanceOn(storage: Record<string, string>): Promise<TestApp> {
    const database: Record<string, string> = onDisk.config.DATABASE_SCHEMA
      ? { DATABASE_SCHEMA: onDisk.config.DATABASE_SCHEMA }
      : { DATABASE_PATH: onDisk.config.DATABASE_PATH };
    const app = await createTestApp({ env: { ...database, ...storage } });
    others.push(app);
    return app;
  }

  const migrate = (args: string[], settings: Record<string, string> = {}) =>
    runCli(onDisk.config, ['files:migrate', ...args], 'node', settings);

  it(
    'copies every file into the database under its key, says how many, and copies none twice',
    async () => {
      const first = await migrate(['--to', 'database', '--json']);
      expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
      const keys = await storedFiles(onDisk.app);
      expect(JSON.parse(first.stdout)).toEqual({ from: 'local', to: 'database', moved: keys.length, present: 0 });

      const again = await migrate(['--to', 'database']);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Moved 0 files from local to database storage');
      expect(again.stdout).toMatch(new RegExp(`already there: +${keys.length}`));

      const inDatabase = await instanceOn({ FILE_STORAGE: 'database' });
      expect(await storedFiles(inDatabase.app)).toEqual(keys);
      const served = await downloadFile(inDatabase.http, signed.doc.file.stamped);
      expect(served.status).toBe(200);
      expect(sha256(served.body as Buffer)).toBe(sha256(signed.stamped));
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'copies them on from the database to an S3 bucket, where the same links and /verify work',
    async () => {
      // On Node 20 the SDK warns on stderr that its releases from 2027 need Node 22; the project moves to Node 24.
      const quiet = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
      const run = await migrate(['--from', 'database', '--to', 's3', '--json'], { ...s3.env(), ...quiet });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({ from: 'database', to: 's3', moved: 2, present: 0 });

      const inBucket = await instanceOn(s3.env());
      const served = await downloadFile(inBucket.http, signed.doc.file.stamped);
      expect(sha256(served.body as Buffer)).toBe(sha256(signed.stamped));
      const verified = await inBucket
        .http()
        .post('/verify')
        .set('content-type', 'application/pdf')
        .send(served.body as Buffer)
        .expect(200);
      expect(verified.body.data).toMatchObject({ result: 'verified', document: { id: signed.doc.id } });
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'refuses to move files onto the storage they are in',
    async () => {
      const run = await migrate(['--from', 'database', '--to', 'database']);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain('--from and --to must differ');
    },
    SPAWN_TIMEOUT_MS,
  );
});
