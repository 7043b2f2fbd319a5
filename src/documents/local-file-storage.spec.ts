import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../common/crypto/digest';
import { InvalidFileKeyError } from './errors/invalid-file-key.error';
import { LocalFileStorage } from './local-file-storage';
import { StoredFileNotFoundError } from './errors/stored-file-not-found.error';

describe('LocalFileStorage', () => {
  let dataDir: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'idflow-files-'));
    storage = LocalFileStorage.underDataDir(dataDir);
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores bytes under an unguessable key and reads them back', async () => {
    const bytes = Buffer.from('%PDF-1.7 pretend');
    const stored = await storage.put(bytes);

    expect(stored.key).toMatch(/^[0-9A-Za-z]{40}\.pdf$/);
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(sha256Hex(bytes));
    await expect(storage.get(stored.key)).resolves.toEqual(bytes);
    await expect(storage.exists(stored.key)).resolves.toBe(true);
    expect(await readFile(join(dataDir, 'files', stored.key))).toEqual(bytes);
  });

  it('hashes only the bytes of a Uint8Array view, not its whole buffer', async () => {
    const backing = Buffer.from('xxhelloxx');
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 2, 5);
    const stored = await storage.put(view);

    expect(stored.sha256).toBe(sha256Hex('hello'));
    expect(stored.size).toBe(5);
  });

  it('gives every put its own key and leaves no temporary files behind', async () => {
    const [a, b] = await Promise.all([storage.put(Buffer.from('a')), storage.put(Buffer.from('b'))]);

    expect(a.key).not.toBe(b.key);
    expect((await readdir(join(dataDir, 'files'))).sort()).toEqual([a.key, b.key].sort());
  });

  it('serves stamped files under /files at the key', async () => {
    const stored = await storage.put(Buffer.from('x'));

    expect(storage.publicPath(stored.key)).toBe(`/files/${stored.key}`);
    expect(storage.publicPath(stored.key)).toMatch(/^\/files\/[0-9A-Za-z]{32,}\.pdf$/);
  });

  it('reports a missing file as not found', async () => {
    const missing = `${'A'.repeat(40)}.pdf`;

    await expect(storage.exists(missing)).resolves.toBe(false);
    await expect(storage.get(missing)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it.each([
    '../secret.pdf',
    `../${'A'.repeat(40)}.pdf`,
    `${'A'.repeat(20)}/${'B'.repeat(20)}.pdf`,
    `/etc/${'A'.repeat(40)}.pdf`,
    `${'A'.repeat(40)}.pdf/..`,
    `${'A'.repeat(40)}.pdf\0`,
    '',
    'short.pdf',
    'A'.repeat(40),
  ])('refuses the key %j that storage never hands out', async (key) => {
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(() => storage.publicPath(key)).toThrow(InvalidFileKeyError);
  });
});
