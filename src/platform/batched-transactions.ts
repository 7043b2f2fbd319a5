import { AsyncResource } from 'node:async_hooks';
import type { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import type { EntityStatements } from './entity-statements';
import { UnitOfWork } from './unit-of-work';

/** Transactions per commit at most; a busy turn makes several commits. */
const MAX_PER_COMMIT = 50;

type Work<T> = () => Promise<T>;
/** A work as queued: run as the unit of work of the transaction this manager is in. */
type QueuedWork<T> = (manager: EntityManager) => Promise<T>;

interface Queued {
  work: QueuedWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { value: unknown } | { error: unknown };

/** Rows of one table, and the statements that insert them. */
export interface RowsToInsert<Entity extends ObjectLiteral = ObjectLiteral> {
  statements: EntityStatements<Entity>;
  rows: Entity[];
}

/**
 * Short write transactions (a flow and its codes) committed together on SQLite: those asked for in one turn of the
 * event loop run one after another inside one transaction that commits once. A commit writes every page it changed to
 * the write-ahead log; the creates of one turn change the same pages at the ends of the flows' indexes, which one
 * commit each wrote again for every create (about nine 4 KiB frames, most of a create's database time). When one of
 * them fails, or the commit does, the whole transaction is rolled back and each runs again in a transaction of its
 * own, so that only a caller whose own work fails gets an error. The works share no savepoints: a savepoint makes
 * SQLite copy every page written under it to a journal first, which cost a create 48k instructions (callgrind) to
 * guard against a failure that a random id and a checked body leave to bugs alone. On PostgreSQL, whose transactions
 * run side by side on a pool of connections, each runs on its own as before, and inserts alone need no transaction
 * (`insert`).
 * Work asked for inside an open unit of work joins it instead: it commits with its caller's other writes.
 */
export class BatchedTransactions {
  private readonly batching: boolean;
  private readonly postgres: boolean;
  private readonly unitOfWork: UnitOfWork;
  private queue: Queued[] = [];
  private scheduled = false;
  /** One batch at a time: on SQLite a transaction begun while another is open would nest inside it. */
  private committing: Promise<void> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {
    this.batching = dataSource.options.type === 'better-sqlite3';
    this.postgres = dataSource.options.type === 'postgres';
    this.unitOfWork = new UnitOfWork(dataSource);
  }

  /**
   * Inserts rows into several tables, in the order given, as one transaction. On PostgreSQL that is one statement whose
   * WITH clauses insert into every table but the last: one round trip where a transaction takes four (BEGIN, two
   * inserts, COMMIT). Foreign keys between the rows hold, as PostgreSQL checks them when the statement ends.
   */
  insert(tables: RowsToInsert[]): Promise<void> {
    const filled = tables.filter(({ rows }) => rows.length > 0);
    if (this.postgres && filled.length > 0) return this.insertInOneStatement(filled);
    return this.run(async () => {
      for (const { statements, rows } of filled) await statements.insertMany(rows);
    });
  }

  /**
   * Runs `work` in a transaction and answers what it returned once it is committed. The work runs in the caller's
   * async context (its log lines name its request), and the caller goes on in a turn of its own, as after a
   * transaction of its own.
   */
  run<T>(work: Work<T>): Promise<T> {
    if (!this.batching || this.unitOfWork.active) return this.unitOfWork.run(work);
    // The caller's context, entered around its work. AsyncResource.bind would do the same, and also build two
    // deprecation wrappers for every call.
    const callerContext = new AsyncResource('BatchedTransactions');
    const inCallerContext: QueuedWork<T> = (manager) =>
      callerContext.runInAsyncScope(() => this.unitOfWork.within(manager, work));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: inCallerContext, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private async insertInOneStatement(tables: RowsToInsert[]): Promise<void> {
    const parameters: unknown[] = [];
    const inserts = tables.map(({ statements, rows }) => {
      const insertion = statements.insertion(rows, this.dataSource.driver, parameters.length);
      parameters.push(...insertion.parameters);
      return insertion.sql;
    });
    const last = inserts.pop() as string;
    const before = inserts.map((sql, position) => `inserted_${position} AS (${sql})`);
    await this.unitOfWork.manager.query(before.length > 0 ? `WITH ${before.join(', ')} ${last}` : last, parameters);
  }

  /** After the I/O callbacks of this turn, each of which may ask for a transaction, rather than after the current one. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const commitQueued = async () => {
      this.scheduled = false;
      await this.commit(this.queue.splice(0, MAX_PER_COMMIT));
      if (this.queue.length > 0) this.schedule();
    };
    setImmediate(() => {
      this.committing = this.committing.then(commitQueued, commitQueued);
    });
  }

  private async commit(batch: Queued[]): Promise<void> {
    const outcomes = batch.length === 1 ? await alone(this.dataSource, batch) : await this.together(batch);
    batch.forEach((queued, position) => {
      const outcome = outcomes[position];
      if ('error' in outcome) setImmediate(queued.reject, outcome.error);
      else setImmediate(queued.resolve, outcome.value);
    });
  }

  /** The batch in one transaction, or each of its works in a transaction of its own once that one has failed. */
  private async together(batch: Queued[]): Promise<Outcome[]> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const values: Outcome[] = [];
        for (const queued of batch) values.push({ value: await queued.work(manager) });
        return values;
      });
    } catch {
      return alone(this.dataSource, batch);
    }
  }
}

/** Each work in a transaction of its own. */
async function alone(dataSource: DataSource, batch: Queued[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const queued of batch) {
    try {
      outcomes.push({ value: await dataSource.transaction(queued.work) });
    } catch (error) {
      outcomes.push({ error });
    }
  }
  return outcomes;
}
