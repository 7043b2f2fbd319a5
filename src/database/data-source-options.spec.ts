import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

describe('dataSourceOptions on SQLite', () => {
  const directory = mkdtempSync(join(tmpdir(), 'idflow-data-source-'));
  const dataSource = new DataSource(
    dataSourceOptions({
      DATABASE_URL: undefined,
      DATABASE_PATH: join(directory, 'nested', 'idflow.sqlite'),
      DATABASE_SCHEMA: undefined,
      MIGRATIONS_RUN: false,
    }),
  );

  beforeAll(() => dataSource.initialize());
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  const pragma = async (name: string) => Object.values((await dataSource.query(`PRAGMA ${name}`))[0] as object)[0];

  it('opens the file in its own folder in WAL mode, checking foreign keys and waiting for locks', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('wal_autocheckpoint')).toBe(10_000);
  });

  it('keeps savepoint and other temporary journals in memory', async () => {
    expect(await pragma('temp_store')).toBe(2);
  });
});
