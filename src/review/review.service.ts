import { Injectable } from '@nestjs/common';
import { DocumentPresenter, type LoadedDocument } from '../documents/document.presenter';
import type { DocumentSignee } from '../documents/document-signee.entity';
import { DocumentSigningService } from '../documents/document-signing.service';
import { DocumentsService } from '../documents/documents.service';
import { OPEN_SIGNEE_STATUSES } from '../documents/signee-status';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { VirtualHolderService } from '../sandbox/virtual-holder.service';
import { SandboxDeviceUnavailableError } from './errors/sandbox-device-unavailable.error';
import { SigneeNotFoundError } from './errors/signee-not-found.error';
import { maskNin } from './mask-nin';
import type { ReviewSigneeState, ReviewState } from './review-state';
import { documentSummary, signeeStatusLabel } from './review-wording';

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/**
 * What the hosted review page (DESIGN section 8) shows and does. The page knows a document by its unguessable id alone,
 * and acts for the signee picked on it: a push to their digital-ID app, the sandbox test device, or a decline. Signing
 * itself only ever happens with a device key, through the same services as the Wallet API.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly signing: DocumentSigningService,
    private readonly presenter: DocumentPresenter,
    private readonly virtualHolder: VirtualHolderService,
  ) {}

  async state(docId: string): Promise<ReviewState> {
    return this.view(await this.reviewDocument(docId));
  }

  /** Asks the signee's digital-ID app: the document is pushed to their devices, which sign or decline it there. */
  async push(docId: string, position: number): Promise<ReviewState> {
    const { loaded, signee } = await this.openSignee(docId, position);
    await this.signing.notify(loaded.flow, signee.nin);
    const current = await this.reviewDocument(docId);
    // notify changes nothing when the document ended or the signee acted since the check above: say so, not "pushed".
    this.signing.refuseIfActed(current, signee.nin);
    return this.view(current);
  }

  /** Signs as the test person's virtual device would on a phone: the push arrives, the app reads, then signs. */
  async sandboxSign(docId: string, position: number, ip: string): Promise<ReviewState> {
    const { loaded, signee } = await this.openSignee(docId, position);
    if (!(await this.hasSandboxDevice(loaded.flow, signee.nin))) throw new SandboxDeviceUnavailableError();
    await this.signing.notify(loaded.flow, signee.nin);
    await this.virtualHolder.approve(await this.virtualHolder.deviceOf(signee.nin), loaded.flow.id, {}, ip);
    return this.state(docId);
  }

  /** Declines for the signee: the document ends as rejected and the signees who had not acted become stale. */
  async decline(docId: string, position: number, ip: string): Promise<ReviewState> {
    const { loaded, signee } = await this.openSignee(docId, position);
    return this.view(await this.signing.declineAsSignee(loaded, signee.nin, ip));
  }

  /** A review document; signing documents (pushed, with no page) and other flows are unknown here. */
  private async reviewDocument(docId: string): Promise<LoadedDocument> {
    const loaded = await this.documents.find(docId);
    if (loaded.document.delivery !== 'review') throw new FlowNotFoundError();
    return loaded;
  }

  private async openSignee(
    docId: string,
    position: number,
  ): Promise<{ loaded: LoadedDocument; signee: DocumentSignee }> {
    const loaded = await this.reviewDocument(docId);
    const signee = loaded.signees.find((candidate) => candidate.position === position);
    if (!signee) throw new SigneeNotFoundError(loaded.signees.length);
    this.signing.refuseIfActed(loaded, signee.nin);
    return { loaded, signee };
  }

  /** The sandbox button is for test persons on sandbox documents only: a real person signs with their own phone. */
  private async hasSandboxDevice(flow: Flow, nin: string): Promise<boolean> {
    return flow.environment === 'sandbox' && (await this.virtualHolder.isTestPerson(nin));
  }

  private async view(loaded: LoadedDocument): Promise<ReviewState> {
    const { flow, document, signees } = loaded;
    const open = !isTerminal(flow.status);
    return {
      id: flow.id,
      title: document.fileName,
      app: flow.appName,
      status: flow.status,
      open,
      summary: documentSummary(loaded),
      exp: seconds(flow.expiresAt),
      file: {
        url: this.presenter.fileUrl(document.fileKey),
        pages: document.pageCount,
        ...(document.stampedKey ? { stamped: this.presenter.fileUrl(document.stampedKey) } : {}),
      },
      signees: await Promise.all(signees.map((signee) => this.signeeView(flow, signee, open))),
    };
  }

  private async signeeView(flow: Flow, signee: DocumentSignee, documentOpen: boolean): Promise<ReviewSigneeState> {
    return {
      position: signee.position,
      name: signee.name,
      type: signee.type,
      representing: signee.representing,
      ...(signee.title ? { title: signee.title } : {}),
      nin: maskNin(signee.nin),
      status: signee.status,
      statusLabel: signeeStatusLabel(signee.status),
      open: documentOpen && OPEN_SIGNEE_STATUSES.includes(signee.status),
      sandboxDevice: await this.hasSandboxDevice(flow, signee.nin),
      ...(signee.signedAt !== null ? { signedAt: seconds(signee.signedAt) } : {}),
    };
  }
}
