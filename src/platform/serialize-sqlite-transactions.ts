import type { DataSource } from 'typeorm';
import { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { ConnectionGate } from './connection-gate';
import { GatedSqliteQueryRunner } from './gated-sqlite-query-runner';

/**
 * Gives every transaction on the embedded SQLite database the connection to itself.
 *
 * Why a departure from TypeORM: its better-sqlite3 driver hands the same query runner to every caller, so a
 * transaction begun while another is open (awaiting a file write, a signature) becomes a savepoint inside it. Its
 * "commit" only releases that savepoint: the work is answered, published and webhooked, and is written to disk only
 * when the outer transaction commits, or not at all when that one rolls back. Under concurrent document completions a
 * crash lost every completion answered in the second before it (test/crash-durability.e2e-spec.ts). Here each caller
 * gets a runner of its own on the one connection, and ConnectionGate lets one transaction at a time have it.
 */
export function serializeSqliteTransactions(dataSource: DataSource): void {
  const driver = dataSource.driver;
  if (!(driver instanceof BetterSqlite3Driver)) return;
  const gate = new ConnectionGate();
  const preparedStatements = new Map<string, unknown>();
  driver.createQueryRunner = () => new GatedSqliteQueryRunner(driver, gate, preparedStatements);
}
