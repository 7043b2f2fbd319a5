import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../common/scheduling/background-work';
import { AppConfig } from '../config/app-config';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { FlowDocumentRepository } from './flow-document.repository';

export const ORPHAN_FILE_PASS = 'orphan files';
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
export class OrphanFileSweeper implements OnModuleInit {
  private readonly logger = new Logger(OrphanFileSweeper.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly documents: FlowDocumentRepository,
    private readonly config: AppConfig,
    private readonly background: BackgroundWork,
  ) {}

  onModuleInit(): void {
    this.background.pass({
      name: ORPHAN_FILE_PASS,
      everyMs: this.config.FILE_SWEEP_SECONDS * 1000,
      run: () => this.sweep(),
      failure: 'File sweep failed',
    });
  }

  private async sweep(): Promise<void> {
    const before = Date.now() - this.config.ORPHAN_FILE_GRACE_SECONDS * 1000;
    const { keys, unfinished } = await this.storage.storedBefore(before);
    let removed = 0;
    for (let start = 0; start < keys.length; start += BATCH) {
      const batch = keys.slice(start, start + BATCH);
      const referenced = await this.documents.referencedAmong(batch);
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
}
