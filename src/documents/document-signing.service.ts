import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { FlowAlreadyTerminalError } from '../flows/errors/flow-already-terminal.error';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { SignatureReceiptsService, type SigningDevice } from '../signatures/signature-receipts.service';
import type { SigningChallenge } from '../signatures/signing-challenge';
import type { Environment } from '../tenants/environment';
import { DocumentPresenter, type LoadedDocument } from './document.presenter';
import { DocumentAuditTrail } from './document-audit-trail.service';
import type { DocumentSignee } from './document-signee.entity';
import { DocumentSigneeRepository } from './document-signee.repository';
import { DocumentSealing } from './document-sealing.service';
import { DocumentWebhooks } from './document.webhooks';
import { SigneeAlreadyActedError } from './errors/signee-already-acted.error';
import { IN_TURN_SIGNEE_STATUSES, OPEN_SIGNEE_STATUSES, type SigneeStatus } from './signee-status';
import { NotYourTurnError } from './errors/not-your-turn.error';
import { UnitOfWork } from '../platform/unit-of-work';

/** The signer as the document side needs them: the device's key and NIN, and where the request came from. */
export interface DocumentSigner extends SigningDevice {
  environment: Environment;
}

/**
 * What a signee does with a document: see it, sign its SHA-256 with a device key, or decline. The Wallet API, the
 * sandbox simulator and the hosted review page all act through here. Each signee change is a compare-and-set on that
 * signee's status inside a transaction that first takes the flow's row (the `progress` move), so the last signature is
 * always seen as the last one and the document's seal is made due exactly once.
 */
@Injectable()
export class DocumentSigningService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly signees: DocumentSigneeRepository,
    private readonly flows: FlowsService,
    private readonly presenter: DocumentPresenter,
    private readonly sealing: DocumentSealing,
    private readonly webhooks: DocumentWebhooks,
    private readonly receipts: SignatureReceiptsService,
    private readonly audit: DocumentAuditTrail,
  ) {}

  /** Open documents this NIN has been asked to sign and has not yet acted on, newest first. */
  async inbox(signer: Pick<DocumentSigner, 'nin' | 'environment'>): Promise<LoadedDocument[]> {
    // A review signee is pushed only once they ask for it on the hosted page.
    const waiting = await this.signees.flowIdsAwaiting(signer.nin);
    const flows = await this.flows.openFlowsAmong('document', signer.environment, waiting);
    return Promise.all(flows.map((flow) => this.presenter.load(flow)));
  }

  /**
   * The document as a signee's device sees it; another NIN's document, or another environment's, is unknown, and so is
   * a review document before the signee's push. A signee whose step has not come is told so (409), since a copied id
   * must not let them read, sign or decline ahead of their turn.
   */
  async visible(signer: Pick<DocumentSigner, 'nin' | 'environment'>, flow: Flow): Promise<LoadedDocument> {
    if (flow.environment !== signer.environment) throw new FlowNotFoundError();
    const loaded = await this.presenter.load(flow);
    const signee = loaded.signees.find((candidate) => candidate.nin === signer.nin);
    if (!signee || signee.status === 'pending') throw new FlowNotFoundError();
    if (!isTerminal(flow.status)) this.refuseOutOfTurn(loaded.signees, signee);
    return loaded;
  }

  /** What a signee's device signs: the document flow and the SHA-256 of the PDF. */
  challenge({ flow, document }: LoadedDocument): SigningChallenge {
    return { flow: flow.id, payloadSha256: document.fileSha256 };
  }

  /** A signee's device reads the document: shown to them, they are marked `viewed` (once). */
  async read(signer: Pick<DocumentSigner, 'id' | 'nin' | 'environment'>, flow: Flow): Promise<LoadedDocument> {
    const loaded = await this.visible(signer, flow);
    const viewed = await this.changeStatus(loaded, signer.nin, ['notified'], 'viewed', signer.id);
    return viewed ? this.presenter.load(flow) : loaded;
  }

  /**
   * A push to this signee's devices, asked for on the review page (or by the simulator in its place). Returns whether
   * it changed anything: not when the document has ended or the signee was already pushed.
   */
  async notify(flow: Flow, nin: string): Promise<boolean> {
    if (isTerminal(flow.status)) return false;
    return this.changeStatus(await this.presenter.load(flow), nin, ['pending'], 'notified');
  }

  /**
   * Signs: the device's signature over the challenge is verified and receipted, then recorded; the last signature
   * moves the document to `sealing` and makes its seal due, in the same transaction. The stamped copy is made after
   * that commit (DocumentSealing), which completes the document: the signature is answered without waiting for it.
   */
  async sign(signer: DocumentSigner, flowId: string, deviceSignature: string, ip: string): Promise<LoadedDocument> {
    const loaded = await this.visible(signer, await this.flows.find(flowId));
    this.refuseIfActed(loaded, signer.nin);
    const { receipt, signedAt } = await this.receipts.verifyAndReceipt(signer, this.challenge(loaded), deviceSignature);
    await this.recordSignature(loaded, signer.nin, { signedAt, ip, deviceId: signer.id, signature: receipt });
    return this.presenter.load(await this.flows.find(flowId));
  }

  /**
   * Signs for the signee whose EU wallet approved the document (a wallet signing flow's receipt, checked by the
   * verifier), in the unit of work of that flow's approval: if the signee may not sign now (the document ended, they
   * acted already or it is not their turn), the approval is refused with them and nothing is recorded.
   */
  async signWithWallet(signee: DocumentSignee, approval: { receipt: string; signedAt: number }): Promise<void> {
    // Read in the approval's unit of work: a read outside it would wait for it on the embedded database.
    const loaded = await this.presenter.load(await this.flows.current(signee.flowId));
    this.refuseIfActed(loaded, signee.nin);
    await this.recordSignature(loaded, signee.nin, {
      signedAt: approval.signedAt,
      ip: null,
      deviceId: null,
      signature: approval.receipt,
    });
  }

  /**
   * Records a signee's signature; the last one moves the document to `sealing` and makes its seal due, in the same
   * transaction. Once that commits (now, or with the caller's own unit of work) the sealer is woken or the next step's
   * signees are pushed.
   */
  private async recordSignature(
    loaded: LoadedDocument,
    nin: string,
    signature: Pick<DocumentSignee, 'signedAt' | 'ip' | 'deviceId' | 'signature'>,
  ): Promise<void> {
    let turnCameFor: string[] = [];
    let lastSignature = false;
    await this.unitOfWork.run(async () => {
      const flow = await this.lockOpenFlow(loaded.flow);
      await this.moveSignee(flow.id, nin, 'signed', { ...signature, identification: randomUUID() });
      await this.audit.record(loaded.document, [
        { type: 'signed', nin, deviceId: signature.deviceId ?? undefined, ip: signature.ip ?? undefined },
      ]);
      await this.webhooks.report(flow, 'document.signee.signed', { signee: { nin } });
      const current = await this.presenter.load(flow);
      if (current.signees.every((signee) => signee.status === 'signed')) {
        if (!(await this.flows.move(flow, 'seal'))) throw this.ended(flow.status);
        await this.sealing.schedule(flow.id);
        lastSignature = true;
      } else {
        turnCameFor = await this.nextStep(current);
      }
    });
    await this.unitOfWork.whenCommitted(async () => {
      if (lastSignature) this.sealing.wake();
      await this.flows.pushTo(loaded.flow.id, turnCameFor);
    });
  }

  /** Declines as a device of the signee: the document must be one that device may see. */
  async decline(
    signer: Pick<DocumentSigner, 'id' | 'nin' | 'environment'>,
    flowId: string,
    ip: string,
    reason?: string,
  ): Promise<LoadedDocument> {
    const loaded = await this.visible(signer, await this.flows.find(flowId));
    return this.declineAsSignee(loaded, signer, ip, reason);
  }

  /**
   * Declines for the signee with this NIN: the flow ends as rejected and every signee who had not acted becomes `stale`.
   * Only a device of the signee gets here: a review link is shared by every signee, so it cannot speak for one.
   */
  private async declineAsSignee(
    loaded: LoadedDocument,
    { id: deviceId, nin }: Pick<DocumentSigner, 'id' | 'nin'>,
    ip: string,
    reason?: string,
  ): Promise<LoadedDocument> {
    this.refuseIfActed(loaded, nin);
    await this.unitOfWork.run(async () => {
      const flow = await this.lockOpenFlow(loaded.flow);
      await this.moveSignee(flow.id, nin, 'rejected', { ip, deviceId, declineReason: reason ?? null });
      await this.audit.record(loaded.document, [{ type: 'declined', nin, deviceId, ip, reason }]);
      await this.webhooks.report(flow, 'document.signee.rejected', {
        signee: { nin, ...(reason !== undefined ? { reason } : {}) },
      });
      if (!(await this.flows.move(flow, 'decline'))) throw this.ended(flow.status);
    });
    return this.presenter.load(await this.flows.find(loaded.flow.id));
  }

  /**
   * Sequential signing: once nobody in turn is left to sign, the next step's signees are asked (pushed, or for a review
   * document, free to ask for their push), in the transaction that recorded the step's last signature. Returns the NINs
   * it pushed to, whose devices are told once the transaction has committed.
   */
  private async nextStep({ document, signees }: LoadedDocument): Promise<string[]> {
    if (signees.some((signee) => IN_TURN_SIGNEE_STATUSES.includes(signee.status))) return [];
    const waiting = signees.filter((signee) => signee.status === 'waiting');
    if (waiting.length === 0) return [];
    const step = Math.min(...waiting.map((signee) => signee.step));
    const pushed = document.delivery === 'signing';
    const now = Date.now();
    const firstReminder = document.reminderFirstSeconds;
    await this.signees.askStep(document.flowId, step, {
      status: pushed ? 'notified' : 'pending',
      now,
      // Their reminders count from when they are asked, not from when the document was made.
      nextReminderAt: firstReminder === null ? null : now + firstReminder * 1000,
    });
    if (!pushed) return [];
    const nins = waiting.filter((signee) => signee.step === step).map((signee) => signee.nin);
    await this.audit.record(
      document,
      nins.map((nin) => ({ type: 'pushed' as const, nin })),
    );
    return nins;
  }

  /**
   * Takes the flow's row for the rest of the transaction, and refuses when the flow has ended (or its time is up).
   */
  private async lockOpenFlow(flow: Flow): Promise<Flow> {
    const locked = await this.flows.move(flow, 'progress');
    if (locked) return locked;
    const current = await this.flows.current(flow.id);
    throw this.ended(isTerminal(current.status) ? current.status : 'expired');
  }

  private async moveSignee(
    flowId: string,
    nin: string,
    to: SigneeStatus,
    changes: Partial<DocumentSignee>,
  ): Promise<void> {
    if (!(await this.signees.move(flowId, nin, IN_TURN_SIGNEE_STATUSES, to, changes))) {
      const signees = await this.signees.listOf(flowId);
      const signee = signees.find((candidate) => candidate.nin === nin);
      if (!signee) throw new FlowNotFoundError();
      this.refuseOutOfTurn(signees, signee);
      throw new SigneeAlreadyActedError(signee.status);
    }
  }

  /**
   * A change beside the flow's own state: the signee's status only, recorded in the audit trail (`notified` as pushed,
   * `viewed` as viewed) and published so observers see it. `loaded.flow` as just found (expiry applied): once it has
   * ended, its open signees are already stale and stay so.
   */
  private async changeStatus(
    { flow, document }: LoadedDocument,
    nin: string,
    from: SigneeStatus[],
    to: 'notified' | 'viewed',
    deviceId?: string,
  ): Promise<boolean> {
    if (isTerminal(flow.status)) return false;
    const changed = await this.unitOfWork.run(async () => {
      if (!(await this.signees.move(flow.id, nin, from, to))) return false;
      await this.audit.record(document, [{ type: to === 'notified' ? 'pushed' : 'viewed', nin, deviceId }]);
      return true;
    });
    if (changed) await this.flows.announce(flow.id);
    if (changed && to === 'notified') await this.flows.pushTo(flow.id, [nin]);
    return changed;
  }

  /**
   * Refuses (409) when the document has ended, this signee has already signed, declined or been passed over, or their
   * step has not come.
   */
  refuseIfActed({ flow, signees }: LoadedDocument, nin: string): void {
    if (isTerminal(flow.status)) throw this.ended(flow.status);
    const signee = signees.find((candidate) => candidate.nin === nin);
    if (!signee) return;
    if (!OPEN_SIGNEE_STATUSES.includes(signee.status)) throw new SigneeAlreadyActedError(signee.status);
    this.refuseOutOfTurn(signees, signee);
  }

  private refuseOutOfTurn(signees: DocumentSignee[], signee: DocumentSignee): void {
    if (signee.status !== 'waiting') return;
    const inTurn = signees.filter((candidate) => IN_TURN_SIGNEE_STATUSES.includes(candidate.status));
    throw new NotYourTurnError(inTurn.map((candidate) => candidate.name));
  }

  private ended(status: Flow['status']): FlowAlreadyTerminalError {
    return new FlowAlreadyTerminalError(status);
  }
}
