import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicPass } from '../common/scheduling/periodic-pass';
import { AppConfig } from '../config/app-config';
import { DocumentRemindersService } from './document-reminders.service';

/** Sends the documents' due reminders and expiry warnings every DOCUMENT_REMINDER_PASS_SECONDS, on every instance. */
@Injectable()
export class DocumentReminderSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly passes: PeriodicPass<number>;

  constructor(
    reminders: DocumentRemindersService,
    private readonly config: AppConfig,
  ) {
    this.passes = new PeriodicPass(
      () => reminders.sendDue(),
      new Logger(DocumentReminderSweeper.name),
      'Document reminder pass failed',
    );
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.DOCUMENT_REMINDER_PASS_SECONDS * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass: how many reminders and warnings it sent (0 when it failed, or a pass was already under way). */
  async sendOnce(): Promise<number> {
    return (await this.passes.runOnce()) ?? 0;
  }
}
