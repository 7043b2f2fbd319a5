import { Inject, Injectable } from '@nestjs/common';
import { sha256Hex } from '../common/crypto/digest';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { DocumentFileFetcher } from '../documents/document-file.fetcher';
import { DocumentsService } from '../documents/documents.service';
import type { LoadedDocument } from '../documents/document.presenter';
import { NotAPdfError } from '../documents/errors/not-a-pdf.error';
import { PdfReadingPool } from '../documents/pdf-reading.pool';
import type { PdfReadingResult, PdfReadingTask } from '../documents/pdf-reading-tasks';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { SealVerificationService } from '../seal/seal-verification.service';
import { ANONYMOUS_PDF_READERS } from './anonymous-pdf-readers';
import type { Verification, VerificationBasis, VerifiedDocument } from './verification-result';
import { isoSeconds, verifiedSigner } from './verified-signer';

/** What `POST /verify` was given: the PDF as the body, or a link to it. */
export interface VerificationSubmission {
  upload?: Buffer;
  url?: string;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
// Readers tolerate a little junk before the header; 1024 bytes is the window Acrobat allows.
const HEADER_WINDOW = 1024;

/**
 * Says whether a file is a stamped PDF we issued (DESIGN section 8, `/verify`). Only the exact bytes count: the digest
 * of the stamped copy is recorded when it is made, so any change at all, even one that leaves the pages looking the
 * same, makes the file unverified. What a verified answer shows is what the signature page prints, nothing more.
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly fetcher: DocumentFileFetcher,
    private readonly seals: SealVerificationService,
    @Inject(ANONYMOUS_PDF_READERS) private readonly pdfs: PdfReadingPool,
  ) {}

  async verifySubmission({ upload, url }: VerificationSubmission): Promise<Verification> {
    if (upload) return this.verify(this.checkedUpload(upload), []);
    if (url !== undefined) {
      const bytes = await this.fetcher.download(url, ['url']);
      // A PDF, as a document's file must be, but with no page cap: a stamped copy has its signature pages on top of
      // the MAX_PDF_PAGES its original was held to.
      await this.read('inspect', bytes, ['url'], Infinity);
      return this.verify(bytes, ['url']);
    }
    throw new RequestValidationError(
      [
        {
          code: 'invalid_type',
          path: ['url'],
          message: 'Send the PDF as the body with Content-Type: application/pdf, or JSON { "url": "https://..." }',
        },
      ],
      'Nothing to verify',
    );
  }

  /**
   * Two checks, each enough on its own: the digest record (the exact bytes we stored when stamping) and the file's
   * own PAdES seal (which any PDF validator can check too). `reliedOn` says which of them vouched for the answer.
   * `path` is where a refusal of the file is reported.
   */
  async verify(bytes: Buffer, path: string[]): Promise<Verification> {
    const sha256 = sha256Hex(bytes);
    const updates = await this.read('updatesAfterSignatures', bytes, path);
    const [issued, { seal, ...pades }] = await Promise.all([
      this.documents.findStamped(sha256),
      this.seals.check(bytes, updates),
    ]);
    const sealVouches = seal.valid && seal.trusted;
    if (issued) {
      const reliedOn: VerificationBasis[] = sealVouches ? ['record', 'seal'] : ['record'];
      return {
        result: 'verified',
        verified: true,
        summary: 'This is exactly the signed copy we issued: not one byte has changed since it was stamped.',
        document: await this.issuedDocument(issued, bytes, path),
        sha256,
        seal,
        pades,
        reliedOn,
      };
    }
    const claimed = await this.read('claimedDocumentId', bytes, path);
    if (sealVouches) {
      return {
        result: 'verified',
        verified: true,
        summary: 'The file carries our intact seal, but we hold no record of it here: the seal alone vouches for it.',
        ...(claimed ? { document: { id: claimed } } : {}),
        sha256,
        seal,
        pades,
        reliedOn: ['seal'],
      };
    }
    if (claimed && (await this.isStamped(claimed))) {
      return {
        result: 'altered',
        verified: false,
        summary: `The file names document ${claimed} but differs from the signed copy we issued: it has been changed.`,
        document: { id: claimed },
        sha256,
        seal,
        pades,
        reliedOn: [],
      };
    }
    return {
      result: 'unknown',
      verified: false,
      summary: 'This is not a document we issued.',
      sha256,
      seal,
      pades,
      reliedOn: [],
    };
  }

  private async issuedDocument(
    { flow, document, signees }: LoadedDocument,
    bytes: Buffer,
    path: string[],
  ): Promise<VerifiedDocument> {
    const { pageCount } = await this.read('inspect', bytes, path, Infinity);
    const signers = signees.map(verifiedSigner);
    // The copy is stamped when the last signee signs.
    const completedAt = Math.max(...signers.map((signer) => signer.signedAt));
    return {
      id: flow.id,
      title: document.fileName,
      pages: pageCount,
      originalPages: document.pageCount,
      completedAt,
      completedAtIso: isoSeconds(completedAt),
      environment: flow.environment,
      signers,
    };
  }

  /**
   * The task's result for the file, read on the anonymous PDF reading threads; a file whose reading overruns their
   * limits is refused on `path`.
   */
  private async read<T extends PdfReadingTask>(
    task: T,
    bytes: Buffer,
    path: string[],
    maxPages?: number,
  ): Promise<PdfReadingResult<T>> {
    try {
      return await this.pdfs.read(task, bytes, maxPages);
    } catch (error) {
      if (!(error instanceof NotAPdfError)) throw error;
      const message = path.length
        ? `${path.join('.')}: ${error.message}`
        : `The uploaded file is not a usable PDF: ${error.detail}`;
      throw new RequestValidationError([{ code: 'custom', path, message }], 'The file could not be used');
    }
  }

  /** Whether `flowId` is a document we issued a stamped copy of, which an altered file can then be told apart from. */
  private async isStamped(flowId: string): Promise<boolean> {
    try {
      const { document } = await this.documents.find(flowId);
      return document.stampedSha256 !== null;
    } catch (error) {
      if (error instanceof FlowNotFoundError) return false;
      throw error;
    }
  }

  /** An upload is checked for the PDF header only: a damaged copy of a stamped file should still be reported as such. */
  private checkedUpload(upload: Buffer): Buffer {
    if (upload.subarray(0, HEADER_WINDOW).includes(PDF_HEADER)) return upload;
    throw new RequestValidationError(
      [{ code: 'custom', path: [], message: 'The uploaded file is not a PDF: it does not start with a %PDF- header' }],
      'The file could not be used',
    );
  }
}
