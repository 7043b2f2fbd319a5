import { Injectable } from '@nestjs/common';
import type { ForbiddenError } from '../common/errors/forbidden.error';
import type { Device } from '../devices/device.entity';
import { DocumentPresenter, type LoadedDocument } from '../documents/document.presenter';
import type { DocumentSignee } from '../documents/document-signee.entity';
import { DocumentSigningService } from '../documents/document-signing.service';
import { DocumentsService } from '../documents/documents.service';
import { IN_TURN_SIGNEE_STATUSES } from '../documents/signee-status';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { isTerminal, observedStatus } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { VirtualHolderService } from '../sandbox/virtual-holder.service';
import { DeclineInAppError } from './errors/decline-in-app.error';
import { SandboxDeviceUnavailableError } from './errors/sandbox-device-unavailable.error';
import { SigneeNotFoundError } from './errors/signee-not-found.error';
import { maskNin } from '../common/masking/mask-nin';
import type { ReviewSigneeState, ReviewState } from './review-state';
import { documentSummary, signeeStatusLabel } from './review-wording';

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/**
 * What the hosted review page (DESIGN section 8) shows and does. The page knows a document by its unguessable id alone,
 * which every signee holds, so it cannot speak for one of them: it asks the signee's digital-ID app (a push), where the
 * person signs or declines with their device key. On a sandbox app's document the test device stands in for the app.
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
    const { flow, device } = await this.sandboxDevice(docId, position, new SandboxDeviceUnavailableError());
    await this.virtualHolder.approve(device, flow.id, {}, ip);
    return this.state(docId);
  }

  /**
   * Declines with the test person's virtual device, as they would in the app; the document ends as rejected and the
   * signees who had not acted become stale. A real signee declines in their own app after a push.
   */
  async sandboxDecline(docId: string, position: number, ip: string, reason?: string): Promise<ReviewState> {
    const { flow, device } = await this.sandboxDevice(docId, position, new DeclineInAppError());
    await this.virtualHolder.decline(device, flow.id, ip, reason);
    return this.state(docId);
  }

  /** The test person's virtual device, once the push reached it, or `refusal` when the signee has none. */
  private async sandboxDevice(
    docId: string,
    position: number,
    refusal: ForbiddenError,
  ): Promise<{ flow: Flow; device: Device }> {
    const { loaded, signee } = await this.openSignee(docId, position);
    if (!(await this.hasSandboxDevice(loaded.flow, signee.nin))) throw refusal;
    await this.signing.notify(loaded.flow, signee.nin);
    return { flow: loaded.flow, device: await this.virtualHolder.deviceOf(signee.nin) };
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
      status: observedStatus(flow.status),
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
      open: documentOpen && IN_TURN_SIGNEE_STATUSES.includes(signee.status),
      sandboxDevice: await this.hasSandboxDevice(flow, signee.nin),
      ...(signee.signedAt !== null ? { signedAt: seconds(signee.signedAt) } : {}),
    };
  }
}
