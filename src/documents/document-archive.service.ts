import { Inject, Injectable } from '@nestjs/common';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { DocumentSealService, type SealedPdf } from '../seal/document-seal.service';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import type { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';
import { UnitOfWork } from '../platform/unit-of-work';

/** How many due renewals one pass takes on; the rest wait for the next pass. */
const BATCH = 20;
/**
 * The soonest a copy is renewed again: when the authority's own certificate is near its end, a new timestamp expires
 * no later than the one it renews, and renewing at every pass would only grow the file.
 */
const AGAIN_AFTER_MS = 86_400_000;
/**
 * How long a claimed renewal is held by the instance that claimed it: longer than the timestamp and revocation calls
 * of one renewal take, so no other instance repeats them; if that instance dies meanwhile, the copy is due again after.
 */
const CLAIM_MS = 10 * 60_000;

/**
 * Archive renewal of B-LTA stamped copies: before the certificate of a copy's latest document timestamp expires, a
 * fresh DSS and a new document timestamp are added, so the copy stays verifiable. Every instance runs passes. A
 * renewal is claimed first, by a compare-and-set that moves the copy's due time on by CLAIM_MS, so one instance calls
 * the timestamp authority; the renewed copy is then stored by a compare-and-set on the copy's digest, so it is made
 * once whichever instance wins, recorded in the audit trail (`archive-renewed`), and never half made.
 *
 * No transaction is open while the authority and the revocation services are called: on SQLite an open write
 * transaction stops every other process's writes, and a server waiting for the lock waits with its event loop held.
 */
@Injectable()
export class DocumentArchiveService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: FlowDocumentRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly seal: DocumentSealService,
    private readonly audit: DocumentAuditTrail,
  ) {}

  /** One pass: how many copies this instance renewed. */
  async renewDue(): Promise<number> {
    const due = await this.documents.dueRenewals(Date.now(), BATCH);
    let renewed = 0;
    for (const document of due) if (await this.renew(document)) renewed++;
    return renewed;
  }

  /** Renews one document's stamped copy now, due or not; false when another renewal changed it first. */
  async renewNow(flowId: string): Promise<boolean> {
    const document = await this.documents.find(flowId);
    if (!document?.stampedKey) throw new FlowNotFoundError();
    return this.renew(document);
  }

  private async renew(document: FlowDocument): Promise<boolean> {
    const { flowId, stampedKey, stampedSha256, archiveRenewalAt } = document;
    const claimedUntil = Date.now() + CLAIM_MS;
    if (!(await this.documents.claimRenewal(document, claimedUntil))) return false;
    let renewed: SealedPdf;
    try {
      const current = await this.storage.get(stampedKey!);
      await this.seal.readyToRenew(current);
      renewed = await this.seal.renew(current, flowId);
    } catch (error) {
      await this.documents.releaseRenewal(flowId, claimedUntil, archiveRenewalAt);
      throw error;
    }
    return this.unitOfWork.run(async () => {
      if (!(await this.documents.endRenewal(flowId, stampedSha256!))) return false;
      const stored = await this.storage.put(renewed.bytes);
      const next = this.seal.renewalAt(renewed);
      await this.documents.recordStamped(flowId, {
        stampedKey: stored.key,
        stampedSha256: stored.sha256,
        archiveRenewalAt: next === null ? null : Math.max(next, Date.now() + AGAIN_AFTER_MS),
      });
      await this.audit.record({ ...document, stampedSha256: stored.sha256 }, [{ type: 'archive-renewed' }]);
      return true;
    });
  }
}
