import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Whether another connection committed to the database since the last time it was asked; true the first time. */
export type ChangedElsewhere = () => Promise<boolean>;

/**
 * Tells a cache when the database changed under it from outside this process (the operator CLI writing the embedded
 * database), with SQLite's `PRAGMA data_version`: one statement that reads a counter, which commits of other
 * connections move and this connection's own commits and the checkpoint thread's passive checkpoints do not.
 */
@Injectable()
export class DatabaseChanges {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A question of its own for one cache; undefined on PostgreSQL, which keeps no such counter. */
  watcher(): ChangedElsewhere | undefined {
    if (this.dataSource.options.type !== 'better-sqlite3') return undefined;
    let seen: number | undefined;
    return async () => {
      const [{ data_version: version }] =
        await this.dataSource.query<Array<{ data_version: number }>>('PRAGMA data_version');
      const changed = version !== seen;
      seen = version;
      return changed;
    };
  }
}
