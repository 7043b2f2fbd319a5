import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { BackgroundWork } from '../scheduling/background-work';
import { RetentionRules } from './retention-rules';

export const RETENTION_PASS = 'retention';
/** Rows one statement deletes: small enough that no delete holds its locks for long. */
export const RETENTION_BATCH = 500;
/** Batches a rule may take in one pass, so that one backlog never starves the others; the next pass goes on. */
const MAX_BATCHES_PER_RULE = 20;

/**
 * Purges what has aged out (RETENTION_SWEEP_SECONDS apart), rule by rule, in bounded batches. Every instance sweeps:
 * each batch deletes rows by key, so two instances deleting the same rows at once delete them once.
 */
@Injectable()
export class RetentionSweeper implements OnModuleInit {
  private readonly logger = new Logger(RetentionSweeper.name);

  constructor(
    private readonly rules: RetentionRules,
    private readonly config: AppConfig,
    private readonly background: BackgroundWork,
  ) {}

  onModuleInit(): void {
    this.background.pass({
      name: RETENTION_PASS,
      everyMs: this.config.RETENTION_SWEEP_SECONDS * 1000,
      run: () => this.sweep(),
      failure: 'Retention sweep failed',
    });
  }

  /** One pass: how many records of each rule it deleted. */
  async sweep(): Promise<Record<string, number>> {
    const now = Date.now();
    const deleted: Record<string, number> = {};
    for (const rule of this.rules.all()) {
      let total = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_RULE; batch++) {
        const count = await rule.purge(RETENTION_BATCH, now);
        total += count;
        if (count < RETENTION_BATCH) break;
      }
      deleted[rule.name] = total;
    }
    const purged = Object.entries(deleted).filter(([, count]) => count > 0);
    if (purged.length > 0) this.logger.log(Object.fromEntries(purged), 'Deleted records past their retention');
    return deleted;
  }
}
