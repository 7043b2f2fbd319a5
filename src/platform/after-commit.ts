import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/** A callback, and how deep in nested transactions (savepoints) it was registered. */
interface Pending {
  depth: number;
  callback: () => void;
}

/**
 * TypeORM counts the open transaction and its savepoints on the query runner, without making the count public. Why a
 * departure (correctness, not speed): without the depth, a callback registered inside a savepoint that rolls back would
 * still run when the outer transaction commits, publishing work that was never written.
 */
const depthOf = (queryRunner: QueryRunner) => (queryRunner as unknown as { transactionDepth: number }).transactionDepth;

/**
 * Runs callbacks once the outermost transaction of a query runner commits, and drops them when it rolls back, or when
 * the savepoint they were registered in rolls back with the writes they follow. TypeORM announces savepoint releases
 * as commits too, hence the check that no transaction is left active.
 */
class AfterCommitSubscriber implements EntitySubscriberInterface {
  private readonly pending = new WeakMap<QueryRunner, Pending[]>();

  add(queryRunner: QueryRunner, callback: () => void): void {
    const callbacks = this.pending.get(queryRunner) ?? [];
    callbacks.push({ depth: depthOf(queryRunner), callback });
    this.pending.set(queryRunner, callbacks);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const { queryRunner } = event;
    if (queryRunner.isTransactionActive) {
      // A savepoint was released: what it registered now stands or falls with the transaction around it, so a
      // sibling savepoint rolled back later at that depth does not take it along.
      const depth = depthOf(queryRunner);
      for (const pending of this.pending.get(queryRunner) ?? []) pending.depth = Math.min(pending.depth, depth);
      return;
    }
    const callbacks = this.pending.get(queryRunner) ?? [];
    this.pending.delete(queryRunner);
    for (const { callback } of callbacks) setImmediate(callback);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const { queryRunner } = event;
    if (!queryRunner.isTransactionActive) {
      this.pending.delete(queryRunner);
      return;
    }
    // A savepoint rolled back: TypeORM has already counted it closed, so what was registered deeper goes with it.
    const depth = depthOf(queryRunner);
    const callbacks = this.pending.get(queryRunner) ?? [];
    this.pending.set(
      queryRunner,
      callbacks.filter((pending) => pending.depth <= depth),
    );
  }
}

const subscribers = new WeakMap<DataSource, AfterCommitSubscriber>();

function subscriberOf(dataSource: DataSource): AfterCommitSubscriber {
  let subscriber = subscribers.get(dataSource);
  if (!subscriber) {
    subscriber = new AfterCommitSubscriber();
    subscribers.set(dataSource, subscriber);
    dataSource.subscribers.push(subscriber);
  }
  return subscriber;
}

/**
 * Calls `callback` after what `manager` wrote is committed: at the end of its transaction, or at once (on the next turn
 * of the event loop) when the manager is not in one. Nothing is called when the transaction rolls back.
 */
export function afterCommit(manager: EntityManager, callback: () => void): void {
  const queryRunner = manager.queryRunner;
  if (queryRunner?.isTransactionActive) subscriberOf(manager.dataSource).add(queryRunner, callback);
  else setImmediate(callback);
}
