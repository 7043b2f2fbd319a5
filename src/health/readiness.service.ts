import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { type BackgroundThreadState, BackgroundThreads, CHECKPOINT_THREAD } from '../common/health/background-threads';
import { REDIS_CLIENT } from '../redis/redis.constants';

export type DependencyState = 'up' | 'down' | 'not configured';

export interface Readiness {
  ready: boolean;
  database: DependencyState;
  redis: DependencyState;
  /**
   * The embedded database's checkpoint thread. Reported, not required: while it is down the serving connection
   * checkpoints alone, slower but bounded, and the thread is started again.
   */
  checkpointer: BackgroundThreadState;
}

const CHECK_TIMEOUT_MS = 2000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** Whether this instance can serve: its database answers, and Redis too when the deployment uses it. */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    private readonly threads: BackgroundThreads,
  ) {}

  async check(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      // Asks the connection, not any table: no module's rows are read, so no repository stands between.
      this.probe(() => this.dataSource.query('SELECT 1')),
      this.redis ? this.probe(() => (this.redis as Redis).ping()) : Promise.resolve<DependencyState>('not configured'),
    ]);
    return {
      ready: database === 'up' && redis !== 'down',
      database,
      redis,
      checkpointer: this.threads.stateOf(CHECKPOINT_THREAD),
    };
  }

  private async probe(check: () => Promise<unknown>): Promise<DependencyState> {
    try {
      await withinTimeout(check());
      return 'up';
    } catch {
      return 'down';
    }
  }
}
