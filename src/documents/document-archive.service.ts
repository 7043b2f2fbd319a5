import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { DocumentSealService } from '../seal/document-seal.service';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { FlowDocument } from './flow-document.entity';

/** How many due renewals one pass takes on; the rest wait for the next pass. */
const BATCH = 20;
/**
 * The soonest a copy is renewed again: when the authority's own certificate is near its end, a new timestamp expires
 * no later than the one it renews, and renewing at every pass would only grow the file.
 */
const AGAIN_AFTER_MS = 86_400_000;

/**
 * Archive renewal of B-LTA stamped copies: before the certificate of a copy's latest document timestamp expires, a
 * fresh DSS and a new document timestamp are added, so the copy stays verifiable. Every instance runs passes; a
 * renewal is claimed by a compare-and-set on the copy's digest in the transaction that stores the renewed copy, so it
 * is made once whichever instance wins, recorded in the audit trail (`archive-renewed`), and never half made.
 */
@Injectable()
export class DocumentArchiveService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly seal: DocumentSealService,
    private readonly audit: DocumentAuditTrail,
  ) {}

  /** One pass: how many copies this instance renewed. */
  async renewDue(): Promise<number> {
    const due = await this.dataSource.getRepository(FlowDocument).find({
      where: { archiveRenewalAt: LessThanOrEqual(Date.now()) },
      order: { archiveRenewalAt: 'ASC' },
      take: BATCH,
    });
    let renewed = 0;
    for (const document of due) if (await this.renew(document)) renewed++;
    return renewed;
  }

  /** Renews one document's stamped copy now, due or not; false when another renewal changed it first. */
  async renewNow(flowId: string): Promise<boolean> {
    const document = await this.dataSource.getRepository(FlowDocument).findOneBy({ flowId });
    if (!document?.stampedKey) throw new FlowNotFoundError();
    return this.renew(document);
  }

  private async renew(document: FlowDocument): Promise<boolean> {
    const { flowId, stampedKey, stampedSha256 } = document;
    const current = await this.storage.get(stampedKey!);
    await this.seal.readyToRenew(current);
    return this.dataSource.transaction(async (manager) => {
      const claimed = await manager.update(FlowDocument, { flowId, stampedSha256 }, { archiveRenewalAt: null });
      if (claimed.affected !== 1) return false;
      const renewed = await this.seal.renew(current, flowId);
      const stored = await this.storage.put(renewed.bytes, manager);
      const next = this.seal.renewalAt(renewed);
      const archiveRenewalAt = next === null ? null : Math.max(next, Date.now() + AGAIN_AFTER_MS);
      await manager.update(
        FlowDocument,
        { flowId },
        { stampedKey: stored.key, stampedSha256: stored.sha256, archiveRenewalAt },
      );
      await this.audit.record({ ...document, stampedSha256: stored.sha256 }, [{ type: 'archive-renewed' }], manager);
      return true;
    });
  }
}
