import { Inject, Injectable } from '@nestjs/common';
import { maskId } from '../common/masking/mask-id';
import { AppConfig } from '../config/app-config';
import { isTerminal, isUnsuccessfulEnd, observedStatus } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import type { DocumentSignee } from './document-signee.entity';
import { DocumentSigneeRepository } from './document-signee.repository';
import type { DocumentView, SignatureRecord, SigneeView } from './document-view';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import type { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/** A document flow with its file record and signees, as read together. */
export interface LoadedDocument {
  flow: Flow;
  document: FlowDocument;
  signees: DocumentSignee[];
}

/**
 * Shows a document flow as the document object of spec 2.6 (ping, refresh, SSE, webhooks). The document flow kind
 * presents every `doc_` flow through it, so observers get this shape without the flow engine knowing documents.
 */
@Injectable()
export class DocumentPresenter {
  constructor(
    private readonly documents: FlowDocumentRepository,
    private readonly signees: DocumentSigneeRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: AppConfig,
  ) {}

  /** Reads the file record and signees, inside the unit of work that changed them, if any. */
  async load(flow: Flow): Promise<LoadedDocument> {
    const [document, signees] = await Promise.all([this.documents.findOrFail(flow.id), this.signees.listOf(flow.id)]);
    return { flow, document, signees };
  }

  view({ flow, document, signees }: LoadedDocument): DocumentView {
    return {
      id: flow.id,
      to: signees.map((signee) => signee.nin),
      destination: document.delivery === 'review' ? this.reviewLink(flow.id) : 'app',
      handled: isTerminal(flow.status),
      iat: seconds(flow.createdAt),
      exp: seconds(flow.expiresAt),
      lut: seconds(Math.max(flow.updatedAt, ...signees.map((signee) => signee.updatedAt))),
      domain: flow.environment,
      mode: document.delivery === 'review' ? 'interface' : 'signing',
      file: {
        source: document.fileSource,
        name: document.fileName,
        sha256: document.fileSha256,
        pages: document.pageCount,
        ...(document.stampedKey ? { stamped: this.fileUrl(document.stampedKey) } : {}),
      },
      hook: { host: flow.webhookUrl ?? '', reference: flow.webhookReference ?? '' },
      signee: signees.map((signee) => this.signeeView(signee)),
      statusLog: signees.map((signee) => ({
        nin: signee.nin,
        status: signee.status,
        lut: seconds(signee.updatedAt),
        ...(signee.declineReason !== null ? { reason: signee.declineReason } : {}),
      })),
      signatures: signees.flatMap((signee) => this.signatureRecord(signee)),
      request: { client: maskId(flow.consumerId), app: maskId(flow.appId), ip: flow.ip },
      status: observedStatus(flow.status),
      cancelled: isUnsuccessfulEnd(flow.status),
      ...(document.signature === 'advanced' ? { signature: document.signature } : {}),
      ...(document.sealError !== null && !document.stampedKey ? { pendingReason: document.sealError } : {}),
    };
  }

  /** `{SIGN_URL}/review/<docId>`: the hosted page of a review flow. */
  reviewLink(flowId: string): string {
    return `${this.config.SIGN_URL}/review/${flowId}`;
  }

  /** Where a stored file (original or stamped) is served: `{CDN_URL}/files/<key>`. */
  fileUrl(key: string): string {
    return `${this.config.CDN_URL}${this.storage.publicPath(key)}`;
  }

  private signeeView(signee: DocumentSignee): SigneeView {
    return {
      name: signee.name,
      type: signee.type,
      email: signee.email,
      nin: signee.nin,
      representing: signee.representing,
      ...(signee.title ? { title: signee.title } : {}),
      ...(signee.signedAt !== null ? { signedAt: seconds(signee.signedAt), ip: signee.ip ?? '' } : {}),
    };
  }

  private signatureRecord(signee: DocumentSignee): SignatureRecord[] {
    if (signee.status !== 'signed' || !signee.signature || signee.signedAt === null) return [];
    return [
      {
        nin: signee.nin,
        name: signee.name,
        representing: signee.representing,
        iat: seconds(signee.signedAt),
        identification: signee.identification ?? '',
        signature: signee.signature,
      },
    ];
  }
}
