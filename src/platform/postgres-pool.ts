import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The pg pool behind a PostgreSQL data source, for the pool metrics (metrics/database-pool.metrics.ts). TypeORM has no
 * public way to it: its PostgresDriver holds the pool as `master`, a property typed `any` on a class the package's entry
 * does not export. An upgrade that renames it fails the metrics suite's pool case on PostgreSQL.
 */
export function postgresPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}
