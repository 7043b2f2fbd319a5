import { Injectable } from '@nestjs/common';
import { In, LessThanOrEqual } from 'typeorm';
import { isTerminal } from '../flows/flow-state';
import { FlowsService } from '../flows/flows.service';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { DocumentSignee } from './document-signee.entity';
import { DocumentWebhooks } from './document.webhooks';
import { FlowDocument } from './flow-document.entity';
import { IN_TURN_SIGNEE_STATUSES } from './signee-status';
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
    private readonly flows: FlowsService,
    private readonly webhooks: DocumentWebhooks,
    private readonly audit: DocumentAuditTrail,
  ) {}

  /** One pass: how many reminders and warnings this instance sent. */
  async sendDue(): Promise<number> {
    const now = Date.now();
    const [signees, documents] = await Promise.all([
      this.unitOfWork.manager.getRepository(DocumentSignee).find({
        where: { nextReminderAt: LessThanOrEqual(now), status: In([...IN_TURN_SIGNEE_STATUSES]) },
        order: { nextReminderAt: 'ASC' },
        take: BATCH,
      }),
      this.unitOfWork.manager.getRepository(FlowDocument).find({
        where: { expiryWarningAt: LessThanOrEqual(now) },
        order: { expiryWarningAt: 'ASC' },
        take: BATCH,
      }),
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
      const manager = this.unitOfWork.manager;
      const document = await manager.findOneByOrFail(FlowDocument, { flowId: signee.flowId });
      const every = document.reminderEverySeconds ?? 0;
      const more = open && signee.remindersSent + 1 < (document.reminderMax ?? 0);
      const claimed = await manager.update(
        DocumentSignee,
        {
          flowId: signee.flowId,
          position: signee.position,
          nextReminderAt: signee.nextReminderAt as number,
          status: In([...IN_TURN_SIGNEE_STATUSES]),
        },
        { nextReminderAt: more ? now + every * 1000 : null, remindersSent: signee.remindersSent + (open ? 1 : 0) },
      );
      if (claimed.affected !== 1 || !open) return false;
      // A review signee who never asked for their push is pushed now: that is what reminding them means.
      await manager.update(
        DocumentSignee,
        { flowId: signee.flowId, position: signee.position, status: 'pending' },
        { status: 'notified', updatedAt: now },
      );
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
      const manager = this.unitOfWork.manager;
      const claimed = await manager.update(
        FlowDocument,
        { flowId: document.flowId, expiryWarningAt: document.expiryWarningAt as number },
        { expiryWarningAt: null },
      );
      if (claimed.affected !== 1 || isTerminal(flow.status) || flow.expiresAt <= now) return false;
      await this.webhooks.report(flow, 'document.expiring');
      return true;
    });
  }
}
