import { DataSource } from 'typeorm';

// An arbitrary constant naming idflow's migration lock among the database's advisory locks.
const MIGRATION_LOCK_ID = 4_242_001;

/**
 * Runs pending migrations. On PostgreSQL, instances that start together queue on an advisory lock, so exactly one
 * applies each migration and the others find nothing left to do. SQLite is the single-process shape and needs none.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lockHolder = dataSource.createQueryRunner();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lockHolder.release();
  }
}
