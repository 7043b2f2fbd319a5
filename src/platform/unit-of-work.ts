import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { afterCommit } from './after-commit';

/** The manager of the transaction open in each async context; one store, whichever instance opened it. */
const openTransaction = new AsyncLocalStorage<EntityManager>();

/**
 * A use case's transaction, opened once at its edge (`run`) and joined by everything it calls without a manager handed
 * down: repositories read and write through `manager`, and effects that must follow the commit (publishing, webhooks,
 * pushes) hang off `afterCommit`. Instances hold no state beyond the data source, so each module may provide its own.
 *
 * Our own rather than `@nestjs-cls/transactional`: its TypeORM adapter (1.4) is written for TypeORM 0.3, and
 * BatchedTransactions runs the SQLite transactions of a turn in one shared transaction, which must become each work's
 * unit of work (`within`).
 */
@Injectable()
export class UnitOfWork {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The open transaction's manager, or the data source's own outside one. */
  get manager(): EntityManager {
    return this.open() ?? this.dataSource.manager;
  }

  /** Whether a transaction is open in this async context. */
  get active(): boolean {
    return this.open() !== undefined;
  }

  /** Runs `work` in a transaction: the one already open in this async context, or one of its own. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active) return work();
    return this.dataSource.transaction((manager) => openTransaction.run(manager, work));
  }

  /** Runs `work` as the unit of work of a transaction (or savepoint) opened elsewhere with this manager. */
  within<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    return openTransaction.run(manager, work);
  }

  /**
   * Calls `effect` once what this unit of work wrote is committed (on the next turn when nothing is open); never when
   * its transaction, or the savepoint it was registered in, rolls back.
   */
  afterCommit(effect: () => void): void {
    // Outside the committed transaction's context: what the effect starts (a publish reading the flow, a timer) must
    // not find a manager whose transaction is over, and whose connection PostgreSQL's pool has handed to another.
    afterCommit(this.manager, () => openTransaction.exit(effect));
  }

  /**
   * Runs `effect` now and answers when it is done when no transaction is open, as what was written is committed
   * already; otherwise after the commit, as `afterCommit`.
   */
  async whenCommitted(effect: () => Promise<void>): Promise<void> {
    if (this.active) this.afterCommit(() => void effect());
    else await effect();
  }

  private open(): EntityManager | undefined {
    const manager = openTransaction.getStore();
    // Another data source's transaction (two apps in one test process) is not this one's.
    return manager?.dataSource === this.dataSource ? manager : undefined;
  }
}
