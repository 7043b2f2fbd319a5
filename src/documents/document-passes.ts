import { Injectable, OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../common/scheduling/background-work';
import { AppConfig } from '../config/app-config';
import { DocumentArchiveService } from './document-archive.service';
import { DocumentRemindersService } from './document-reminders.service';

export const DOCUMENT_REMINDER_PASS = 'document reminders';
export const ARCHIVE_RENEWAL_PASS = 'archive renewal';

/**
 * The documents' timed work, on every instance: due reminders and expiry warnings every DOCUMENT_REMINDER_PASS_SECONDS,
 * due archive renewals every ARCHIVE_RENEWAL_PASS_SECONDS. Each claims its work by a compare-and-set, so racing
 * instances do it once.
 */
@Injectable()
export class DocumentPasses implements OnModuleInit {
  constructor(
    private readonly reminders: DocumentRemindersService,
    private readonly archive: DocumentArchiveService,
    private readonly config: AppConfig,
    private readonly background: BackgroundWork,
  ) {}

  onModuleInit(): void {
    this.background.pass({
      name: DOCUMENT_REMINDER_PASS,
      everyMs: this.config.DOCUMENT_REMINDER_PASS_SECONDS * 1000,
      run: () => this.reminders.sendDue(),
      failure: 'Document reminder pass failed',
    });
    this.background.pass({
      name: ARCHIVE_RENEWAL_PASS,
      everyMs: this.config.ARCHIVE_RENEWAL_PASS_SECONDS * 1000,
      run: () => this.archive.renewDue(),
      failure: 'Archive renewal pass failed',
    });
  }
}
