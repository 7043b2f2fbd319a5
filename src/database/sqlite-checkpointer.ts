import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DataSource } from 'typeorm';

/** How often the checkpoint thread looks for new WAL frames: often enough that each pass copies little. */
export const CHECKPOINT_INTERVAL_MS = 25;

/**
 * Checkpoints the embedded SQLite database on a thread of its own. A checkpoint syncs the WAL and the database file
 * to disk, which on the serving thread cost flow creates much of their time under load; on this thread it costs
 * them nothing. The serving connection still checkpoints every WAL_CHECKPOINT_PAGES, which then finds little or
 * nothing left to copy, and which bounds the WAL should this thread fall behind or fail (it logs why).
 */
@Injectable()
export class SqliteCheckpointer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SqliteCheckpointer.name);
  private worker?: Worker;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const { options } = this.dataSource;
    if (options.type !== 'better-sqlite3') return;
    const worker = new Worker(join(__dirname, 'wal-checkpoint.worker.js'), {
      workerData: { path: options.database, intervalMs: CHECKPOINT_INTERVAL_MS },
    });
    worker.on('message', (message: { failed?: string }) => {
      if (message.failed) this.logger.warn(`A background checkpoint failed (the next one retries): ${message.failed}`);
    });
    worker.on('error', (error: Error) =>
      this.logger.error({ err: error }, 'The checkpoint thread stopped: the serving connection checkpoints alone'),
    );
    worker.once('exit', () => (this.worker = undefined));
    // Never what keeps the process alive.
    worker.unref();
    this.worker = worker;
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await exited;
  }
}
