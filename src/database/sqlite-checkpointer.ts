import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DataSource } from 'typeorm';
import { BackgroundThreads, CHECKPOINT_THREAD } from '../common/health/background-threads';

/** How often the checkpoint thread looks for new WAL frames: often enough that each pass copies little. */
export const CHECKPOINT_INTERVAL_MS = 25;

/** The file the checkpoint thread runs: plain JavaScript, copied beside the compiled code by the build. */
export const CHECKPOINT_THREAD_FILE = join(__dirname, 'wal-checkpoint.worker.js');

/** The first wait before a thread that stopped is started again; each failure in a row doubles it, up to the cap. */
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A thread that ran this long before it stopped had recovered: its replacement starts after the first delay again. */
const RECOVERED_AFTER_MS = 60_000;

interface ThreadMessage {
  ready?: true;
  failed?: string;
}

/**
 * Checkpoints the embedded SQLite database on a thread of its own. A checkpoint syncs the WAL and the database file
 * to disk, which on the serving thread cost flow creates much of their time under load; on this thread it costs
 * them nothing. The serving connection still checkpoints every WAL_CHECKPOINT_PAGES, which then finds little or
 * nothing left to copy, and which bounds the WAL while this thread is down.
 *
 * A thread that cannot start stops the server's start; one that stops later is logged with its reason, reported by
 * readiness, and started again after a delay that grows while it keeps stopping.
 */
@Injectable()
export class SqliteCheckpointer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SqliteCheckpointer.name);
  private worker?: Worker;
  private stopping = false;
  private failuresInARow = 0;
  private restartTimer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly threads: BackgroundThreads,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.dataSource.options.type !== 'better-sqlite3') return;
    this.threads.register(CHECKPOINT_THREAD, () => (this.worker ? 'up' : 'down'));
    try {
      await this.start();
    } catch (error) {
      throw new Error(`The SQLite checkpoint thread (${CHECKPOINT_THREAD_FILE}) could not start: ${reason(error)}`, {
        cause: error,
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await exited;
  }

  /** Resolves once the thread has opened the database; rejects with why it could not. */
  private start(): Promise<void> {
    const { database } = this.dataSource.options;
    const worker = new Worker(CHECKPOINT_THREAD_FILE, {
      workerData: { path: database, intervalMs: CHECKPOINT_INTERVAL_MS },
    });
    const startedAt = Date.now();
    let lastError: unknown;
    return new Promise((resolve, reject) => {
      worker.on('message', (message: ThreadMessage) => {
        if (message.failed)
          this.logger.warn(`A background checkpoint failed (the next one retries): ${message.failed}`);
        if (!message.ready) return;
        // Never what keeps the process alive once started; until then the start waits on it, and nothing else may
        // keep the process alive meanwhile.
        worker.unref();
        this.worker = worker;
        resolve();
      });
      worker.on('error', (error: Error) => (lastError = error));
      worker.once('exit', (code) => {
        const wasRunning = this.worker === worker;
        if (wasRunning) this.worker = undefined;
        const why = lastError ? reason(lastError) : `it exited with code ${code}`;
        if (!wasRunning) return reject(new Error(why));
        if (!this.stopping) this.restartLater(why, Date.now() - startedAt);
      });
    });
  }

  private restartLater(why: string, ranForMs: number): void {
    if (ranForMs >= RECOVERED_AFTER_MS) this.failuresInARow = 0;
    const delayMs = Math.min(FIRST_RESTART_DELAY_MS * 2 ** this.failuresInARow, MAX_RESTART_DELAY_MS);
    this.failuresInARow++;
    this.logger.error(
      `The checkpoint thread stopped (${why}): the serving connection checkpoints alone until it starts again in ${delayMs / 1000} s`,
    );
    this.restartTimer = setTimeout(() => {
      this.start().then(
        () => this.logger.log('The checkpoint thread started again'),
        (error: unknown) => this.restartLater(reason(error), 0),
      );
    }, delayMs);
    this.restartTimer.unref();
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
