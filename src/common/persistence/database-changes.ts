import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Whether another connection committed to the database since the last time it was asked; true the first time. */
export type ChangedElsewhere = () => Promise<boolean>;

/**
 * Tells a cache when what it holds changed under it from outside this process (the operator CLI, another instance),
 * with one statement that reads a counter, asked once a second for everything the cache holds. On SQLite the counter is
 * `PRAGMA data_version`, which commits of other connections move and this connection's own commits and the checkpoint
 * thread's passive checkpoints do not. PostgreSQL keeps no such counter, so a process that changes what caches hold
 * moves one of its own (`announce`, the `change_counter` sequence): every instance sees it at its next question.
 */
@Injectable()
export class DatabaseChanges {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get embedded(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /** A question of its own for one cache. */
  watcher(): ChangedElsewhere {
    let seen: string | undefined;
    return async () => {
      const version = await this.version();
      const changed = version !== seen;
      seen = version;
      return changed;
    };
  }

  /** Called once a change is committed, so that every other process's watcher sees it. */
  async announce(): Promise<void> {
    if (!this.embedded) await this.dataSource.query(`SELECT nextval('change_counter')`);
  }

  private async version(): Promise<string> {
    if (this.embedded) {
      const [{ data_version: version }] =
        await this.dataSource.query<Array<{ data_version: number }>>('PRAGMA data_version');
      return String(version);
    }
    // `is_called` tells the sequence's start from its first value, which share `last_value`.
    const [{ last_value: value, is_called: called }] = await this.dataSource.query<
      Array<{ last_value: string; is_called: boolean }>
    >('SELECT last_value, is_called FROM change_counter');
    return `${value}:${called}`;
  }
}
