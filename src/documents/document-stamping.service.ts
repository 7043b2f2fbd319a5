import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DocumentSealService, type SealedPdf } from '../seal/document-seal.service';
import { SealPdfUpdates } from '../seal/seal-pdf-updates';
import type { LoadedDocument } from './document.presenter';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { DocumentAuditTrail } from './document-audit-trail.service';
import type { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';
import { PdfReadingPool } from './pdf-reading.pool';
import { printedSigner } from './printed-signer';
import { SigneeSignatures } from './signee-signatures';

/**
 * Makes the stamped PDF once every signee has signed: the original pages, a signature page and a footer on every
 * page (DESIGN section 8), then the certificate of completion (the audit trail so far), each signee's own signature
 * for an `advanced` document, sealed last with the service's PAdES signature; then stores it at an unguessable key,
 * its digest recorded so `/verify` can recognise it, and `stamped` and `sealed` added to the trail. Making it opens no
 * transaction: DocumentSealing stores it in one. Every step that parses the file runs on a PDF reading thread, the
 * seal's incremental updates (and archive renewal's) too.
 */
@Injectable()
export class DocumentStampingService implements OnModuleInit {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: AppConfig,
    private readonly seal: DocumentSealService,
    private readonly audit: DocumentAuditTrail,
    private readonly pdfs: PdfReadingPool,
    private readonly sealUpdates: SealPdfUpdates,
    private readonly documents: FlowDocumentRepository,
    private readonly signeeSignatures: SigneeSignatures,
  ) {}

  onModuleInit(): void {
    this.sealUpdates.runOn(this.pdfs);
  }

  /** The public page that checks a stamped file, printed in every page's footer. */
  verifyUrl(): string {
    return `${this.config.SIGN_URL}/verify`;
  }

  /**
   * The sealed copy. The original is parsed on a PDF reading thread under the decode budget (a NotAPdfError when it
   * exceeds it); `mayLowerLevel` as DocumentSealService.seal takes it.
   */
  async make({ flow, document, signees }: LoadedDocument, mayLowerLevel: boolean): Promise<SealedPdf> {
    await this.seal.ready();
    const original = await this.storage.get(document.fileKey);
    const stamped = await this.pdfs.stamp(original, {
      documentId: flow.id,
      verifyUrl: this.verifyUrl(),
      signers: signees.map(printedSigner),
    });
    const completed = await this.pdfs.appendCompletionPage(stamped, {
      documentId: flow.id,
      verifyUrl: this.verifyUrl(),
      events: await this.audit.list(flow.id),
    });
    const signed = await this.signeeSignatures.apply({ flow, document, signees }, completed);
    // The seal is the last step, over the finished bytes: anything added to the stamped copy goes before it.
    return this.seal.seal(signed, { documentId: flow.id, signingTime: new Date(), mayLowerLevel });
  }

  /** Stores the sealed copy in the unit of work that completes the document. */
  async store(document: FlowDocument, sealed: SealedPdf): Promise<void> {
    const stored = await this.storage.put(sealed.bytes);
    await this.documents.recordStamped(document.flowId, {
      stampedKey: stored.key,
      stampedSha256: stored.sha256,
      archiveRenewalAt: this.seal.renewalAt(sealed),
    });
    await this.audit.record({ ...document, stampedSha256: stored.sha256 }, [{ type: 'stamped' }, { type: 'sealed' }]);
  }
}
