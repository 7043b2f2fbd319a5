import { FlowAlreadyTerminalError } from '../errors/flow-already-terminal.error';
import { FlowNotFoundError } from '../errors/flow-not-found.error';
import { FlowTakenError } from '../errors/flow-taken.error';
import type { FlowChangedEvent } from '../events/flow-changed.event';
import { isTerminal, observedStatus } from '../flow-state';
import type { FlowView, ObservedViews } from '../flow-view';
import type { Flow } from '../flow.entity';
import type { FlowPresenter } from '../flow.presenter';
import type { FlowChanges, FlowsService } from '../flows.service';
import type { Consent } from './consent';
import type { FlowHolder } from './flow-holder';
import type { FlowKindPlugin } from './flow-kind-plugin';
import { RequestValidationError } from '../../common/errors/request-validation.error';
import { WrongVerificationCodeError } from '../errors/wrong-verification-code.error';
import { deviceVerificationOf, verificationCodeOf } from '../verification-code';
import type { HolderFlowView, InboxEntry } from './holder-flow-view';

/** The kinds whose observers see the engine's own FlowView: flows one device holds from pick-up to its answer. */
export type HeldKind = {
  [K in keyof ObservedViews]: ObservedViews[K] extends FlowView ? K : never;
}[keyof ObservedViews];

/** The fields a held flow shows its holder, from the stored flow or from a published change. */
type HeldFlowFields = Omit<HolderFlowView, 'challenge'>;

/**
 * A kind of flow that one device takes hold of and answers (identification, signing): picked up by a link code or seed,
 * or accepted when pushed to the holder's NIN, then approved or declined by the device that holds it. A kind says only
 * what approving it records and what its holder sees beyond the common fields.
 */
export abstract class HeldFlowKind<K extends HeldKind> implements FlowKindPlugin<K> {
  protected constructor(
    protected readonly kind: K,
    protected readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
  ) {}

  /** What approving records on the flow (released claims, a signature receipt); throws to refuse the consent. */
  protected abstract approval(flow: Flow, holder: FlowHolder, consent: Consent): Promise<FlowChanges>;

  /** What observers see of the flow's outcome once completed: released claims, or the signature receipt. */
  protected abstract outcome(flow: Flow): Partial<FlowView>;

  /** Adds what only this kind shows the holder (a signing challenge, for example). */
  protected extend(view: HeldFlowFields): HolderFlowView {
    return view;
  }

  present(flow: Flow): Promise<FlowView> {
    return Promise.resolve(this.observed(flow));
  }

  /** The flow as observers see it: the engine's fields and, once completed, this kind's outcome. */
  observed(flow: Flow): FlowView {
    const view = this.presenter.view(flow);
    return flow.status === 'completed' ? { ...view, ...this.outcome(flow) } : view;
  }

  async inbox(holder: FlowHolder): Promise<InboxEntry[]> {
    const flows = await this.flows.waitingFor(this.kind, holder);
    await this.flows.markSeen(flows.map((flow) => flow.id));
    return flows.map((flow) => ({ createdAt: flow.createdAt, view: this.view(flow, holder) }));
  }

  async pickUp(holder: FlowHolder, flow: Flow): Promise<HolderFlowView> {
    return this.view(await this.take(holder, flow), holder);
  }

  async accept(holder: FlowHolder, flow: Flow): Promise<HolderFlowView> {
    this.checkVisible(holder, flow);
    return this.view(await this.take(holder, flow), holder);
  }

  async read(holder: FlowHolder, flow: Flow): Promise<HolderFlowView> {
    this.checkVisible(holder, flow);
    return this.view(isTerminal(flow.status) ? flow : await this.flows.markViewed(flow), holder);
  }

  async approve(holder: FlowHolder, flow: Flow, consent: Consent): Promise<HolderFlowView> {
    this.checkVisible(holder, flow);
    this.refuseIfEnded(flow);
    await this.checkVerificationPick(holder, flow, consent);
    const changes = await this.approval(flow, holder, consent);
    return this.answer(holder, flow, 'approve', { ...changes, deviceId: holder.id, holderNin: holder.nin });
  }

  async decline(holder: FlowHolder, flow: Flow): Promise<HolderFlowView> {
    this.checkVisible(holder, flow);
    this.refuseIfEnded(flow);
    return this.answer(holder, flow, 'decline', { deviceId: holder.id, holderNin: holder.nin });
  }

  /** Only a pushed flow: no device holds a same-device flow yet when it is created (see viewOfChange). */
  announcesCreation(flow: Flow): boolean {
    return flow.startMode === 'different-device';
  }

  /** Pushed flows are new work for every device of the NIN; a same-device flow only concerns the one holding it. */
  async viewOfChange(event: FlowChangedEvent<K>, holder: FlowHolder): Promise<HolderFlowView | null> {
    const { view } = event;
    if (view.startMode !== 'different-device' && event.deviceId !== holder.id) return null;
    return this.extend({
      id: view.id,
      mode: view.mode,
      startMode: view.startMode,
      action: view.action,
      app: view.name,
      payload: view.payload,
      requestedClaims: view.acquireClaims,
      status: view.status,
      held: event.deviceId === holder.id,
      exp: view.exp,
      ...event.verification,
    });
  }

  /**
   * A `choice` flow needs the code the person picked, and a wrong pick declines it: they were shown a request that is
   * not the one on the screen in front of them.
   */
  private async checkVerificationPick(holder: FlowHolder, flow: Flow, consent: Consent): Promise<void> {
    if (flow.verification !== 'choice') return;
    if (consent.verificationCode === undefined) {
      throw new RequestValidationError([
        {
          code: 'custom',
          path: ['verificationCode'],
          message: 'verificationCode is required: the code the person picked',
        },
      ]);
    }
    if (consent.verificationCode === verificationCodeOf(flow)) return;
    await this.flows.move(flow, 'decline', {}, { heldByNoneOr: holder.id });
    throw new WrongVerificationCodeError();
  }

  /** Takes hold of the flow for this device; taking a flow this device already holds is a no-op. */
  private async take(holder: FlowHolder, flow: Flow): Promise<Flow> {
    if (flow.deviceId === holder.id && !isTerminal(flow.status)) return flow;
    // A flow addressed to a NIN (different-device, or signing in any mode but wildcard) is that person's alone.
    if (flow.targetNin !== null && flow.targetNin !== holder.nin) throw new FlowNotFoundError();
    this.refuseIfEnded(flow);
    const moved = await this.flows.move(flow, 'claim', { deviceId: holder.id });
    if (moved) return moved;
    throw this.lostRace(await this.flows.find(flow.id));
  }

  private async answer(
    holder: FlowHolder,
    flow: Flow,
    move: 'approve' | 'decline',
    changes: FlowChanges,
  ): Promise<HolderFlowView> {
    const moved = await this.flows.move(flow, move, changes, { heldByNoneOr: holder.id });
    if (moved) return this.view(moved, holder);
    throw this.lostRace(await this.flows.find(flow.id));
  }

  /**
   * A device sees a different-device flow addressed to its NIN (even once another of the holder's devices holds it, so
   * that device is told 409 rather than a timing-dependent 404), and a same-device or wildcard flow once it holds it.
   * Everything else is reported as unknown.
   */
  private checkVisible(holder: FlowHolder, flow: Flow): Flow {
    const sameEnvironment = flow.environment === holder.environment;
    const addressed = flow.startMode === 'different-device' && flow.targetNin === holder.nin;
    const heldByThis = flow.deviceId === holder.id;
    if (!sameEnvironment || !(addressed || heldByThis)) throw new FlowNotFoundError();
    return flow;
  }

  private refuseIfEnded(flow: Flow): void {
    if (isTerminal(flow.status)) throw new FlowAlreadyTerminalError(flow.status);
  }

  private lostRace(current: Flow): Error {
    return isTerminal(current.status) ? new FlowAlreadyTerminalError(current.status) : new FlowTakenError();
  }

  private view(flow: Flow, holder: FlowHolder): HolderFlowView {
    return this.extend({
      id: flow.id,
      mode: flow.kind,
      startMode: flow.startMode,
      action: flow.action,
      app: flow.appName,
      payload: flow.payload,
      requestedClaims: flow.requestedClaims,
      status: observedStatus(flow.status),
      held: flow.deviceId === holder.id,
      exp: Math.floor(flow.expiresAt / 1000),
      ...deviceVerificationOf(flow),
    });
  }
}
