import { Injectable, OnModuleInit } from '@nestjs/common';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import type { FlowChangedEvent } from '../flows/events/flow-changed.event';
import type { Flow } from '../flows/flow.entity';
import { observedStatus } from '../flows/flow-state';
import { FlowsService } from '../flows/flows.service';
import type { Consent } from '../flows/kinds/consent';
import type { FlowHolder } from '../flows/kinds/flow-holder';
import type { FlowKindPlugin } from '../flows/kinds/flow-kind-plugin';
import { FlowKindRegistry } from '../flows/kinds/flow-kind.registry';
import type { InboxEntry } from '../flows/kinds/holder-flow-view';
import { missingConsent } from '../flows/kinds/missing-consent';
import { deviceVerificationOf } from '../flows/verification-code';
import type { DocumentHolderView } from './document-holder-view';
import { DocumentAuditEventRepository } from './document-audit-event.repository';
import { DocumentSigneeRepository } from './document-signee.repository';
import { FlowDocumentRepository } from './flow-document.repository';
import { DocumentPresenter, type LoadedDocument } from './document.presenter';
import { DocumentSigningService } from './document-signing.service';
import type { DocumentView } from './document-view';
import { documentWithoutPersonalData } from './document-without-personal-data';

/**
 * A document flow as the engine and the holder side see it: observers get the document object, every signee's
 * devices hear of its changes, and a signee reads, signs or declines it; nobody holds a document.
 */
@Injectable()
export class DocumentFlowKind implements FlowKindPlugin<'document'>, OnModuleInit {
  readonly namedHolderReason = 'nin is required for a document: the signee who acts';
  /** A completed document is kept: `/verify` vouches for its signed copy by this record. */
  readonly keepsCompleted = true;

  constructor(
    private readonly registry: FlowKindRegistry,
    private readonly flows: FlowsService,
    private readonly presenter: DocumentPresenter,
    private readonly signing: DocumentSigningService,
    private readonly documents: FlowDocumentRepository,
    private readonly signees: DocumentSigneeRepository,
    private readonly auditEvents: DocumentAuditEventRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register('document', this);
  }

  async present(flow: Flow): Promise<DocumentView> {
    return this.presenter.view(await this.presenter.load(flow));
  }

  /** The file record and the signees go with the flow; the stored files, then unreferenced, go with the file sweep. */
  async purge(flowIds: string[]): Promise<void> {
    await this.signees.deleteOf(flowIds);
    await this.auditEvents.deleteOf(flowIds);
    await this.documents.deleteOf(flowIds);
  }

  withoutPersonalData(view: DocumentView): DocumentView {
    return documentWithoutPersonalData(view);
  }

  holderNins(view: DocumentView): string[] {
    return view.to;
  }

  async inbox(holder: FlowHolder): Promise<InboxEntry[]> {
    const documents = await this.signing.inbox(holder);
    return documents.map((loaded) => ({ createdAt: loaded.flow.createdAt, view: this.view(loaded, holder.nin) }));
  }

  /** A document has no link code or seed to pick it up by. */
  pickUp(): Promise<DocumentHolderView> {
    return Promise.reject(new FlowNotFoundError());
  }

  /** Nobody holds a document: accepting one is reading it. */
  accept(holder: FlowHolder, flow: Flow): Promise<DocumentHolderView> {
    return this.read(holder, flow);
  }

  async read(holder: FlowHolder, flow: Flow): Promise<DocumentHolderView> {
    return this.view(await this.signing.read(holder, flow), holder.nin);
  }

  async approve(holder: FlowHolder, flow: Flow, consent: Consent, ip: string): Promise<DocumentHolderView> {
    if (!consent.signature) throw missingConsent('signature');
    return this.view(await this.signing.sign(holder, flow.id, consent.signature, ip), holder.nin);
  }

  async decline(holder: FlowHolder, flow: Flow, ip: string, reason?: string): Promise<DocumentHolderView> {
    return this.view(await this.signing.decline(holder, flow.id, ip, reason), holder.nin);
  }

  /**
   * A document event names every signee; this holder's own view of it is read (a review signee who has not asked for
   * the push yet is not shown it).
   */
  async viewOfChange(event: FlowChangedEvent<'document'>, holder: FlowHolder): Promise<DocumentHolderView | null> {
    try {
      const loaded = await this.signing.visible(holder, await this.flows.find(event.flowId));
      return this.view(loaded, holder.nin);
    } catch {
      return null;
    }
  }

  /** A review signee is pushed the document when they ask for it on the hosted page. */
  async summon(flow: Flow, nin: string): Promise<void> {
    await this.signing.notify(flow, nin);
  }

  private view(loaded: LoadedDocument, nin: string): DocumentHolderView {
    const { flow, document, signees } = loaded;
    const signee = signees.find((candidate) => candidate.nin === nin);
    if (!signee) throw new FlowNotFoundError();
    return {
      id: flow.id,
      mode: 'document',
      startMode: flow.startMode,
      action: flow.action,
      app: flow.appName,
      payload: flow.payload,
      requestedClaims: [],
      status: observedStatus(flow.status),
      held: false,
      exp: Math.floor(flow.expiresAt / 1000),
      ...deviceVerificationOf(flow),
      challenge: this.signing.challenge(loaded),
      document: {
        name: document.fileName,
        url: this.presenter.fileUrl(document.fileKey),
        sha256: document.fileSha256,
        pages: document.pageCount,
        signeeStatus: signee.status,
        signature: document.signature,
      },
    };
  }
}
