import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DocumentSealService } from '../seal/document-seal.service';
import type { LoadedDocument } from './document.presenter';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { appendCompletionPage } from './completion-page';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { FlowDocument } from './flow-document.entity';
import { stampPdf } from './pdf-stamper';
import { printedSigner } from './printed-signer';

/**
 * Makes the stamped PDF once every signee has signed: the original pages, a signature page and a footer on every
 * page (DESIGN section 8), then the certificate of completion (the audit trail so far), sealed last with the service's
 * PAdES signature, stored at an unguessable key, its digest recorded so `/verify` can recognise it, and `stamped` and
 * `sealed` added to the trail.
 */
@Injectable()
export class DocumentStampingService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: AppConfig,
    private readonly seal: DocumentSealService,
    private readonly audit: DocumentAuditTrail,
  ) {}

  /** The public page that checks a stamped file, printed in every page's footer. */
  verifyUrl(): string {
    return `${this.config.SIGN_URL}/verify`;
  }

  /** Asked before the transaction that stamps: what sealing loads once is loaded outside it (DocumentSealService). */
  prepare(): Promise<void> {
    return this.seal.ready();
  }

  async stamp(manager: EntityManager, { flow, document, signees }: LoadedDocument): Promise<void> {
    const original = await this.storage.get(document.fileKey, manager);
    const stamped = await stampPdf(original, {
      documentId: flow.id,
      verifyUrl: this.verifyUrl(),
      signers: signees.map(printedSigner),
    });
    const completed = await appendCompletionPage(stamped, {
      documentId: flow.id,
      verifyUrl: this.verifyUrl(),
      events: await this.audit.list(flow.id, manager),
    });
    // The seal is the last step, over the finished bytes: anything added to the stamped copy goes before it.
    const sealed = await this.seal.seal(completed, { documentId: flow.id, signingTime: new Date() });
    const stored = await this.storage.put(sealed.bytes, manager);
    await manager.update(
      FlowDocument,
      { flowId: flow.id },
      { stampedKey: stored.key, stampedSha256: stored.sha256, archiveRenewalAt: this.seal.renewalAt(sealed) },
    );
    await this.audit.record(
      { ...document, stampedSha256: stored.sha256 },
      [{ type: 'stamped' }, { type: 'sealed' }],
      manager,
    );
  }
}
