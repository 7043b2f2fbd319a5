import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicPass } from '../common/scheduling/periodic-pass';
import { AppConfig } from '../config/app-config';
import { DocumentArchiveService } from './document-archive.service';

/** Renews the archive timestamps that are due every ARCHIVE_RENEWAL_PASS_SECONDS, on every instance. */
@Injectable()
export class DocumentArchiveSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly passes: PeriodicPass<number>;

  constructor(
    archive: DocumentArchiveService,
    private readonly config: AppConfig,
  ) {
    this.passes = new PeriodicPass(
      () => archive.renewDue(),
      new Logger(DocumentArchiveSweeper.name),
      'Archive renewal pass failed',
    );
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.ARCHIVE_RENEWAL_PASS_SECONDS * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass: how many copies it renewed (0 when it failed, or a pass was already under way). */
  async renewOnce(): Promise<number> {
    return (await this.passes.runOnce()) ?? 0;
  }
}
