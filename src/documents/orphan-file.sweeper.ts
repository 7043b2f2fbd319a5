import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { PeriodicPass } from '../common/scheduling/periodic-pass';
import { AppConfig } from '../config/app-config';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { FlowDocument } from './flow-document.entity';

/** Keys asked about in one query: well under every database's limit on bound parameters. */
const BATCH = 500;

/**
 * Removes stored files that no document references, once they are older than ORPHAN_FILE_GRACE_SECONDS: a create
 * stores its PDF before its transaction commits, a stamp inside one, and a process killed (or a transaction rolled
 * back) in between leaves the file behind. The grace keeps the sweep away from creates still under way. Every instance
 * sweeps, the store it shares with the others (database, s3) or its own disk (local); removing a file twice is no
 * error.
 */
@Injectable()
export class OrphanFileSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrphanFileSweeper.name);
  private readonly sweeps = new PeriodicPass(() => this.sweep(), this.logger, 'File sweep failed');

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @InjectRepository(FlowDocument) private readonly documents: Repository<FlowDocument>,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(this.config.FILE_SWEEP_SECONDS * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  private async sweep(): Promise<void> {
    const before = Date.now() - this.config.ORPHAN_FILE_GRACE_SECONDS * 1000;
    const { keys, unfinished } = await this.storage.storedBefore(before);
    let removed = 0;
    for (let start = 0; start < keys.length; start += BATCH) {
      const batch = keys.slice(start, start + BATCH);
      const referenced = await this.referencedAmong(batch);
      for (const key of batch.filter((candidate) => !referenced.has(candidate))) {
        await this.storage.remove(key);
        removed++;
      }
    }
    for (const name of unfinished) await this.storage.removeUnfinished(name);
    if (removed + unfinished.length > 0) {
      this.logger.log({ removed, unfinished: unfinished.length }, 'Removed stored files no document references');
    }
  }

  private async referencedAmong(keys: string[]): Promise<Set<string>> {
    const rows = await this.documents.find({
      select: { fileKey: true, stampedKey: true },
      where: [{ fileKey: In(keys) }, { stampedKey: In(keys) }],
    });
    return new Set(rows.flatMap((row) => [row.fileKey, row.stampedKey].filter((key): key is string => key !== null)));
  }
}
