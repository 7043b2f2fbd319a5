import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import {
  createOwnerOnlyFile,
  makeOwnerOnlyDirectory,
  tightenToOwnerOnly,
} from '../common/persistence/owner-only-files';
import { ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

/**
 * How many pages the WAL may grow by before the serving connection checkpoints it itself. SqliteCheckpointer copies
 * the WAL on its own thread well before that, so this checkpoint finds little left to copy; it bounds the WAL (40 MB)
 * should that thread fall behind. SQLite's default of 1,000 pages, each checkpoint syncing both files on the serving
 * thread, was a large part of each flow create under load (docs/performance.md has the figure).
 */
const WAL_CHECKPOINT_PAGES = 10_000;

type DatabaseSettings = Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_PATH' | 'DATABASE_SCHEMA' | 'MIGRATIONS_RUN'>;

/**
 * PostgreSQL when `DATABASE_URL` is set, otherwise the embedded SQLite file. Migrations are per dialect and run at
 * start-up unless `MIGRATIONS_RUN=false`; the schema is never synchronised from the entities.
 */
export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    synchronize: false,
    migrationsRun: settings.MIGRATIONS_RUN,
    migrationsTableName: 'migrations',
  };
  if (settings.DATABASE_URL) {
    const schema = settings.DATABASE_SCHEMA;
    return {
      ...common,
      type: 'postgres',
      url: settings.DATABASE_URL,
      schema,
      migrations: POSTGRES_MIGRATIONS,
      // Unqualified names in the migrations resolve to the chosen schema.
      extra: schema ? { options: `-c search_path=${schema}` } : {},
    };
  }
  makeOwnerOnlyDirectory(dirname(settings.DATABASE_PATH));
  createOwnerOnlyFile(settings.DATABASE_PATH);
  for (const journal of ['-wal', '-shm']) tightenToOwnerOnly(settings.DATABASE_PATH + journal);
  return {
    ...common,
    type: 'better-sqlite3',
    database: settings.DATABASE_PATH,
    migrations: SQLITE_MIGRATIONS,
    enableWAL: true,
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
      // Statement and savepoint journals in memory: SQLite otherwise spills them to a temporary file past 64 KiB, and
      // a turn's creates, committed together (BatchedTransactions), each insert several rows in one transaction.
      db.pragma('temp_store = MEMORY');
    },
  };
}
