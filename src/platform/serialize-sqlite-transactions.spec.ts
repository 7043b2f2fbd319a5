import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { serializeSqliteTransactions } from './serialize-sqlite-transactions';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('serializeSqliteTransactions', () => {
  let file: string;
  let dataSource: DataSource;
  /** Another connection to the same file: it sees only what is committed. */
  let observer: Database.Database;

  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'idflow-gate-')), 'gate.sqlite');
    dataSource = new DataSource({ type: 'better-sqlite3', database: file, enableWAL: true });
    serializeSqliteTransactions(dataSource);
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE rows (name TEXT PRIMARY KEY)');
    observer = new Database(file, { readonly: true });
  });

  afterEach(async () => {
    observer.close();
    await dataSource.destroy();
  });

  const committed = () =>
    (observer.prepare('SELECT name FROM rows ORDER BY name').all() as Array<{ name: string }>).map(({ name }) => name);

  it('answers a transaction begun while another is open only once its own rows are committed', async () => {
    const slow = dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO rows VALUES ('slow')`);
      await pause(50);
    });
    const quick = dataSource
      .transaction((manager) => manager.query(`INSERT INTO rows VALUES ('quick')`))
      .then(() => committed());
    await expect(quick).resolves.toContain('quick');
    await slow;
    expect(committed()).toEqual(['quick', 'slow']);
  });

  it('keeps what another transaction committed when an open one rolls back', async () => {
    const failing = dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO rows VALUES ('failing')`);
      await pause(50);
      throw new Error('refused');
    });
    const other = dataSource.transaction((manager) => manager.query(`INSERT INTO rows VALUES ('other')`));
    const outside = dataSource.query(`INSERT INTO rows VALUES ('outside')`);
    await expect(failing).rejects.toThrow('refused');
    await Promise.all([other, outside]);
    expect(committed()).toEqual(['other', 'outside']);
  });

  it('still nests a transaction begun with the open one’s manager as a savepoint that rolls back alone', async () => {
    await dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO rows VALUES ('outer')`);
      await expect(
        manager.transaction(async (inner) => {
          await inner.query(`INSERT INTO rows VALUES ('inner')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    expect(committed()).toEqual(['outer']);
  });

  it('hands the connection on after a statement inside a transaction fails', async () => {
    const failure = await dataSource
      .transaction((manager) => manager.query(`INSERT INTO missing VALUES ('x')`))
      .then(
        () => 'committed',
        (error: unknown) => String((error as Error).message),
      );
    expect(failure).toMatch(/no such table/);
    await expect(dataSource.query(`INSERT INTO rows VALUES ('after')`)).resolves.toBeDefined();
    expect(committed()).toEqual(['after']);
  });

  it('takes the write lock at BEGIN, so a transaction that reads before it writes commits whatever another process writes meanwhile', async () => {
    // Another process, as the CLI is beside the server: it does not wait for the lock, so it says at once who holds it.
    const other = new Database(file, { timeout: 0 });
    try {
      await dataSource.transaction(async (manager) => {
        expect(await manager.query('SELECT count(*) AS n FROM rows')).toEqual([{ n: 0 }]);
        expect(() => other.prepare(`INSERT INTO rows VALUES ('other')`).run()).toThrow('database is locked');
        await manager.query(`INSERT INTO rows VALUES ('mine')`);
      });
      other.prepare(`INSERT INTO rows VALUES ('other')`).run();
    } finally {
      other.close();
    }
    expect(committed()).toEqual(['mine', 'other']);
  });
});
