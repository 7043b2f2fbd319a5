import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { Logger } from '@nestjs/common';
import type { ConnectionGate } from './connection-gate';

/**
 * TypeORM begins a SQLite transaction DEFERRED: it takes the write lock at its first write. When another process (the
 * CLI beside the server, or the server beside the CLI) wrote after this transaction's first read, that write cannot
 * take the lock and fails at once with SQLITE_BUSY, whatever busy_timeout says, because the snapshot it read is stale.
 * `seal:revoke` failed so ("database is locked") in test/seal-lta/seal-lta.e2e-spec.ts, one run in two with the suites
 * beside it. BEGIN IMMEDIATE takes the write lock at BEGIN, waiting busy_timeout for it; within one process the gate
 * already lets one transaction at a time run, so this costs no concurrency, and readers never wait for it under WAL.
 */
function beginImmediate(query: string): string {
  return query === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : query;
}

/** A wait this long at the gate means a transaction holds the connection far longer than a request should. */
const LONG_WAIT_MS = 5_000;
const logger = new Logger('SqliteConnection');

/**
 * A query runner on the one SQLite connection that has the connection to itself from BEGIN to COMMIT or ROLLBACK.
 * Statements of other runners (other transactions, and statements outside any) wait at the gate meanwhile, and each
 * of those takes the gate for itself too, so that nothing runs inside another's open transaction.
 */
export class GatedSqliteQueryRunner extends BetterSqlite3QueryRunner {
  private holdsGate = false;

  constructor(
    driver: BetterSqlite3Driver,
    private readonly gate: ConnectionGate,
    preparedStatements: Map<string, unknown>,
  ) {
    super(driver);
    // Statements are prepared on the one connection, so every runner can use the same prepared ones.
    (this as unknown as { stmtCache: Map<string, unknown> }).stmtCache = preparedStatements;
  }

  // The signature is TypeORM's.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async query(query: string, parameters?: any[], useStructuredResult = false): Promise<any> {
    if (this.holdsGate) return super.query(beginImmediate(query), parameters, useStructuredResult);
    await this.turn(query);
    try {
      return await super.query(query, parameters, useStructuredResult);
    } finally {
      this.gate.give();
    }
  }

  override async startTransaction(isolationLevel?: IsolationLevel): Promise<void> {
    if (!this.holdsGate) {
      await this.turn('BEGIN TRANSACTION');
      this.holdsGate = true;
    }
    try {
      await super.startTransaction(isolationLevel);
    } finally {
      this.giveBackOnceEnded();
    }
  }

  override async commitTransaction(): Promise<void> {
    try {
      await super.commitTransaction();
    } finally {
      this.giveBackOnceEnded();
    }
  }

  override async rollbackTransaction(): Promise<void> {
    try {
      await super.rollbackTransaction();
    } finally {
      this.giveBackOnceEnded();
    }
  }

  /**
   * Waits for the gate, and says so when that takes long: a statement made inside a transaction through anything but
   * that transaction's manager waits for the transaction to end, which waits for the statement, forever.
   */
  private async turn(statement: string): Promise<void> {
    const turn = this.gate.take();
    if (!turn) return;
    const warning = setTimeout(
      () =>
        logger.warn(
          `Waited ${LONG_WAIT_MS / 1000} s for the connection, held by a transaction: ${statement.slice(0, 120)}`,
        ),
      LONG_WAIT_MS,
    ).unref();
    try {
      await turn;
    } finally {
      clearTimeout(warning);
    }
  }

  /**
   * The connection says whether a transaction is open: after a COMMIT or ROLLBACK that ended it, and after a BEGIN
   * that failed, the gate goes to the next in line; a savepoint released or rolled back keeps it.
   */
  private giveBackOnceEnded(): void {
    const connection = this.driver.databaseConnection as { inTransaction: boolean };
    if (!this.holdsGate || connection.inTransaction) return;
    this.holdsGate = false;
    this.gate.give();
  }
}
