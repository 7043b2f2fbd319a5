import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { BackgroundThreads, CHECKPOINT_THREAD } from '../common/health/background-threads';
import { SqliteCheckpointer } from './sqlite-checkpointer';

describe('SqliteCheckpointer', () => {
  let dir: string;
  let path: string;
  let serving: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    path = join(dir, 'idflow.sqlite');
    serving = new Database(path);
    serving.pragma('journal_mode = WAL');
    // Only the checkpoint thread may copy the WAL here, so what reaches the database file is its work.
    serving.pragma('wal_autocheckpoint = 0');
    serving.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT)');
  });

  afterEach(() => {
    serving.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let threads: BackgroundThreads;
  beforeEach(() => (threads = new BackgroundThreads()));

  const checkpointerOn = (type: string, database = path) =>
    new SqliteCheckpointer({ options: { type, database } } as unknown as DataSource, threads);

  const insert = (count: number) => {
    const statement = serving.prepare('INSERT INTO rows (value) VALUES (?)');
    for (let index = 0; index < count; index++) statement.run(`row ${index}`);
  };

  /** The rows a copy of the database file alone holds: what a backup that forgot the WAL would restore. */
  const rowsInDatabaseFile = () => {
    const copy = join(dir, `copy-${Date.now()}.sqlite`);
    copyFileSync(path, copy);
    const database = new Database(copy, { readonly: true });
    try {
      return (database.prepare('SELECT count(*) AS count FROM rows').get() as { count: number }).count;
    } catch {
      return 0;
    } finally {
      database.close();
    }
  };

  const waitFor = async (condition: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('copies what the serving connection writes into the database file, until the app shuts down', async () => {
    const checkpointer = checkpointerOn('better-sqlite3');
    await checkpointer.onApplicationBootstrap();
    expect(threads.stateOf(CHECKPOINT_THREAD)).toBe('up');
    insert(500);
    await waitFor(() => rowsInDatabaseFile() === 500);

    await checkpointer.onApplicationShutdown();
    insert(100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rowsInDatabaseFile()).toBe(500);
  });

  it('stops the start, naming the thread and why, when the thread cannot open the database', async () => {
    const checkpointer = checkpointerOn('better-sqlite3', join(dir, 'missing.sqlite'));
    await expect(checkpointer.onApplicationBootstrap()).rejects.toThrow(
      /checkpoint thread \(.*wal-checkpoint\.worker\.js\) could not start: .*unable to open database file/,
    );
    expect(threads.stateOf(CHECKPOINT_THREAD)).toBe('down');
  });

  it('starts no thread for PostgreSQL', async () => {
    const checkpointer = checkpointerOn('postgres');
    await checkpointer.onApplicationBootstrap();
    insert(10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rowsInDatabaseFile()).toBe(0);
    expect(threads.stateOf(CHECKPOINT_THREAD)).toBe('not configured');
    await expect(checkpointer.onApplicationShutdown()).resolves.toBeUndefined();
  });
});
