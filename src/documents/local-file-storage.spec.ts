import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { behavesAsFileStorage } from '../../test/support/file-storage-contract';
import { LocalFileStorage } from './local-file-storage';

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

  behavesAsFileStorage(() => storage);

  it('keeps each file under DATA_DIR/files at its key', async () => {
    const stored = await storage.put(Buffer.from('%PDF-1.7 pretend'));

    expect(await readFile(join(dataDir, 'files', stored.key))).toEqual(Buffer.from('%PDF-1.7 pretend'));
  });

  it('gives every put its own key and leaves no temporary files behind', async () => {
    const [a, b] = await Promise.all([storage.put(Buffer.from('a')), storage.put(Buffer.from('b'))]);

    expect(a.key).not.toBe(b.key);
    expect((await readdir(join(dataDir, 'files'))).sort()).toEqual([a.key, b.key].sort());
  });

  it('lists a write a killed process left half done as unfinished, and removes it', async () => {
    await storage.put(Buffer.from('a'));
    const halfWritten = join(dataDir, 'files', '.tmp-HalfWrittenFile0');
    await writeFile(halfWritten, '%PDF-1.7 partial');
    const anHourAgo = new Date(Date.now() - 3600_000);
    await utimes(halfWritten, anHourAgo, anHourAgo);

    const { unfinished } = await storage.storedBefore(Date.now() - 60_000);
    expect(unfinished).toEqual(['.tmp-HalfWrittenFile0']);
    await storage.removeUnfinished(unfinished[0]);
    await expect(readdir(join(dataDir, 'files'))).resolves.toHaveLength(1);
  });
});
