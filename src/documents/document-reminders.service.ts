import { Injectable } from '@nestjs/common';
import { isTerminal } from '../flows/flow-state';
import { FlowsService } from '../flows/flows.service';
import { DocumentAuditTrail } from './document-audit-trail.service';
import type { DocumentSignee } from './document-signee.entity';
import { DocumentSigneeRepository } from './document-signee.repository';
import { DocumentWebhooks } from './document.webhooks';
import type { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';
import { UnitOfWork } from '../platform/unit-of-work';

/** How many due reminders (and, apart, expiry warnings) one pass takes on; the rest wait for the next pass. */
const BATCH = 100;

/**
 * Sends what is due on open documents: reminders to signees of the current step who have not signed yet (re-pushed to
 * their devices, `document.signee.reminded`, `reminded` in the audit trail) and the one `document.expiring` warning.
 * Every instance runs passes; each reminder and warning is claimed by a compare-and-set on the time it was due, in the
 * transaction that queues its webhook, so it goes out once whichever instance wins and never when the claim loses.
 */
@Injectable()
export class DocumentRemindersService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: FlowDocumentRepository,
    private readonly signees: DocumentSigneeRepository,
    private readonly flows: FlowsService,
    private readonly webhooks: DocumentWebhooks,
    private readonly audit: DocumentAuditTrail,
  ) {}

  /** One pass: how many reminders and warnings this instance sent. */
  async sendDue(): Promise<number> {
    const now = Date.now();
    const [signees, documents] = await Promise.all([
      this.signees.dueReminders(now, BATCH),
      this.documents.dueExpiryWarnings(now, BATCH),
    ]);
    let sent = 0;
    for (const signee of signees) if (await this.remind(signee, now)) sent++;
    for (const document of documents) if (await this.warn(document, now)) sent++;
    return sent;
  }

  private async remind(signee: DocumentSignee, now: number): Promise<boolean> {
    const flow = await this.flows.find(signee.flowId);
    const open = !isTerminal(flow.status) && flow.expiresAt > now;
    const sent = await this.unitOfWork.run(async () => {
      const document = await this.documents.findOrFail(signee.flowId);
      const every = document.reminderEverySeconds ?? 0;
      const more = open && signee.remindersSent + 1 < (document.reminderMax ?? 0);
      const claimed = await this.signees.claimReminder(signee, {
        nextReminderAt: more ? now + every * 1000 : null,
        remindersSent: signee.remindersSent + (open ? 1 : 0),
      });
      if (!claimed || !open) return false;
      // A review signee who never asked for their push is pushed now: that is what reminding them means.
      await this.signees.notifyIfPending(signee, now);
      await this.audit.record(document, [{ type: 'reminded', nin: signee.nin }]);
      await this.webhooks.report(flow, 'document.signee.reminded', {
        signee: { nin: signee.nin, reminder: signee.remindersSent + 1 },
      });
      return true;
    });
    // Observers and the signee's devices hear of it: the device stream shows the document again.
    if (sent) await this.flows.announce(flow.id);
    return sent;
  }

  private async warn(document: FlowDocument, now: number): Promise<boolean> {
    const flow = await this.flows.find(document.flowId);
    return this.unitOfWork.run(async () => {
      const claimed = await this.documents.claimExpiryWarning(document.flowId, document.expiryWarningAt as number);
      if (!claimed || isTerminal(flow.status) || flow.expiresAt <= now) return false;
      await this.webhooks.report(flow, 'document.expiring');
      return true;
    });
  }
}
