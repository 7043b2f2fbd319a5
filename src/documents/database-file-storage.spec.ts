import { DataSource } from 'typeorm';
import { sha256Hex } from '../common/crypto/digest';
import { dataSourceOptions } from '../database/data-source-options';
import { serializeSqliteTransactions } from '../platform/serialize-sqlite-transactions';
import { UnitOfWork } from '../platform/unit-of-work';
import { behavesAsFileStorage, patternedBytes } from '../../test/support/file-storage-contract';
import { testConfig } from '../../test/support/test-config';
import { CHUNK_BYTES, DatabaseFileStorage } from './database-file-storage';
import { StoredFileNotFoundError } from './errors/stored-file-not-found.error';
import { StoredFileChunkRepository } from './stored-file-chunk.repository';

const dialects: Array<[string, string | undefined]> = [
  ['SQLite', ''],
  ...(process.env.DATABASE_URL ? ([['PostgreSQL', process.env.DATABASE_URL]] as Array<[string, string]>) : []),
];

describe.each(dialects)('DatabaseFileStorage on %s', (_dialect, databaseUrl) => {
  let dataSource: DataSource;
  let storage: DatabaseFileStorage;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(await testConfig({ DATABASE_URL: databaseUrl ?? '' })));
    serializeSqliteTransactions(dataSource);
    await dataSource.initialize();
  });
  afterAll(() => dataSource.destroy());

  beforeEach(async () => {
    await dataSource.query('DELETE FROM stored_file_chunks');
    await dataSource.query('DELETE FROM stored_files');
    storage = new DatabaseFileStorage(dataSource);
  });

  behavesAsFileStorage(() => storage);

  it("reads and writes within the caller's unit of work, whose rollback takes the write with it", async () => {
    const original = await storage.put(Buffer.from('original'));
    let written = '';
    const failure = await new UnitOfWork(dataSource)
      .run(async () => {
        expect((await storage.get(original.key)).toString()).toBe('original');
        written = (await storage.put(Buffer.from('stamped'))).key;
        throw new Error('refused');
      })
      .catch((error: unknown) => (error as Error).message);

    expect(failure).toBe('refused');
    expect(written).not.toBe('');
    expect(await storage.exists(written)).toBe(false);
  });

  it('streams a file chunk by chunk, never more than a chunk at a time', async () => {
    const bytes = patternedBytes(2 * CHUNK_BYTES + 5);
    const stored = await storage.put(bytes);
    const { stream } = await storage.open(stored.key);
    const pieces: Buffer[] = [];
    for await (const piece of stream) pieces.push(piece as Buffer);

    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(sha256Hex(Buffer.concat(pieces))).toBe(sha256Hex(bytes));
  });

  it('fails a read whose file is removed midway rather than ending it short', async () => {
    const stored = await storage.put(patternedBytes(3 * CHUNK_BYTES));
    const { stream } = await storage.open(stored.key);
    const reading = (async () => {
      for await (const piece of stream) {
        if (piece) await storage.remove(stored.key);
      }
    })();

    await expect(reading).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('lists a write a killed process left half done as unfinished, and removes only that', async () => {
    const kept = await storage.put(Buffer.from('whole'));
    const halfWritten = `${'H'.repeat(40)}.pdf`;
    await new StoredFileChunkRepository(dataSource).insert(
      halfWritten,
      0,
      Buffer.from('%PDF-1.7 par'),
      Date.now() - 3600_000,
    );

    await expect(storage.exists(halfWritten)).resolves.toBe(false);
    const listed = await storage.storedBefore(Date.now() - 60_000);
    expect(listed).toEqual({ keys: [], unfinished: [halfWritten] });
    await storage.removeUnfinished(halfWritten);
    await storage.removeUnfinished(kept.key);
    await expect(storage.storedBefore(Date.now() + 60_000)).resolves.toEqual({ keys: [kept.key], unfinished: [] });
    await expect(storage.get(kept.key)).resolves.toEqual(Buffer.from('whole'));
  });
});
