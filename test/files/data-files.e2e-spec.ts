import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDocument } from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('data files of the embedded default are readable by the service user only', () => {
  let files: FileHost;
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    files = await FileHost.start();
    // A directory the service has to make, as on a first start.
    dataDir = join(mkdtempSync(join(tmpdir(), 'idflow-modes-')), 'data');
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        DATABASE_PATH: join(dataDir, 'idflow.sqlite'),
        DATABASE_URL: '',
        ALLOW_PRIVATE_URLS: 'true',
        ALLOW_INSECURE_URLS: 'true',
      },
    });
    const sandbox = await bootstrapSandbox(t.app);
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    await startDocument(integrator, 'signing', {
      to: [sandbox.testPersons[0].nin],
      file: { url: files.put('/contract.pdf', await makePdf(1)), title: 'Lease' },
      webhook: { host: 'https://shop.example/webhooks/idflow', reference: 'lease-7' },
    });
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  it('makes its directories 0700', () => {
    expect({ data: modeOf(dataDir), files: modeOf(join(dataDir, 'files')) }).toEqual({ data: '700', files: '700' });
  });

  it('makes the SQLite database, its journals, the key file and every stored PDF 0600', () => {
    const stored = readdirSync(join(dataDir, 'files')).map((name) => join('files', name));
    const paths = [...readdirSync(dataDir).filter((name) => name !== 'files'), ...stored];
    expect(paths).toEqual(expect.arrayContaining(['idflow.sqlite', 'idflow.sqlite-wal', 'key-encryption.key']));
    expect(stored).toHaveLength(1);
    expect(Object.fromEntries(paths.map((path) => [path, modeOf(join(dataDir, path))]))).toEqual(
      Object.fromEntries(paths.map((path) => [path, '600'])),
    );
  });
});

describe('data files left readable by others, by an earlier version or a copy by hand', () => {
  it('are made owner-only when the service starts on them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idflow-loose-'));
    const env = { DATA_DIR: dataDir, DATABASE_PATH: join(dataDir, 'idflow.sqlite'), DATABASE_URL: '' };
    await (await createTestApp({ env })).close();
    const files = ['idflow.sqlite', 'key-encryption.key'];
    for (const name of files) chmodSync(join(dataDir, name), 0o644);

    const again = await createTestApp({ env });
    try {
      expect(Object.fromEntries(files.map((name) => [name, modeOf(join(dataDir, name))]))).toEqual({
        'idflow.sqlite': '600',
        'key-encryption.key': '600',
      });
    } finally {
      await again.close();
    }
  });
});
