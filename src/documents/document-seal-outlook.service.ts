import { Injectable } from '@nestjs/common';
import { FlowDocumentRepository } from './flow-document.repository';

/** How many documents are shown by name in the outlook; the counts cover the rest. */
const SHOWN = 5;

/** A document in the outlook, by id and time only: its file's name may name a person. */
export interface ScheduledDocument {
  documentId: string;
  /** When its seal or renewal is next attempted (epoch ms). */
  dueAt: number;
}

export interface PendingSeal extends ScheduledDocument {
  /** Attempts so far, the one under way included. */
  attempts: number;
  /** Why its last attempt failed (the timestamp authority's answer, often); null when none did. */
  lastError: string | null;
}

/**
 * What the seal and the timestamp authority have still to do, as an operator watches it: the stamped copies not yet
 * made (a failing authority shows here first, with its answer) and the archive (B-LTA) renewals to come.
 */
export interface SealOutlook {
  pendingSeals: { count: number; oldest: PendingSeal[] };
  archiveRenewals: { count: number; next: ScheduledDocument[] };
}

@Injectable()
export class DocumentSealOutlook {
  constructor(private readonly documents: FlowDocumentRepository) {}

  async outlook(): Promise<SealOutlook> {
    const [pending, pendingCount, renewals, renewalCount] = await Promise.all([
      this.documents.pendingSeals(SHOWN),
      this.documents.countPendingSeals(),
      this.documents.scheduledRenewals(SHOWN),
      this.documents.countScheduledRenewals(),
    ]);
    return {
      pendingSeals: {
        count: pendingCount,
        oldest: pending.map((document) => ({
          documentId: document.flowId,
          dueAt: document.sealDueAt!,
          attempts: document.sealAttempts,
          lastError: document.sealError,
        })),
      },
      archiveRenewals: {
        count: renewalCount,
        next: renewals.map((document) => ({
          documentId: document.flowId,
          dueAt: document.archiveRenewalAt!,
        })),
      },
    };
  }
}
