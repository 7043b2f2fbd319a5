import DataLoader from 'dataloader';
import type { ObjectLiteral } from 'typeorm';
import type { EntityStatements } from '../../platform/entity-statements';

/** Keys per statement at most; a busy turn makes several statements. */
export const MAX_BATCH = 100;

/**
 * Reads by primary key outside any transaction, those asked for in one turn of the event loop made together in one
 * statement. On PostgreSQL each statement is a round trip with a socket write of its own, which under load cost more
 * than the reading; requests that arrive together (their rate-limit answers come back from Redis in one read) now share
 * one. A read is never answered from an earlier one (no cache) and is made after it was asked for, at the end of the
 * turn, so it sees every write committed by then.
 */
export class BatchedReads<Entity extends ObjectLiteral> {
  private readonly loader: DataLoader<string, Entity | null>;

  constructor(statements: EntityStatements<Entity>) {
    this.loader = new DataLoader((ids) => statements.findManyById(ids), {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // After the I/O callbacks of this turn, each of which may ask for a read, rather than after the current one.
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    });
  }

  /**
   * The row with this primary key, or null. Each caller goes on in a turn of its own, as it would after a read of its
   * own: on SQLite, TypeORM runs every transaction on one connection and nests one begun while another is open inside
   * it, so the callers of one batch, going on together, would interleave their transactions.
   */
  find(id: string): Promise<Entity | null> {
    return new Promise((resolve, reject) => {
      this.loader.load(id).then(
        (row) => setImmediate(resolve, row),
        (error: unknown) => setImmediate(reject, error),
      );
    });
  }
}
