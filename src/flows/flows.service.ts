import { Injectable } from '@nestjs/common';
import { sha256Hex } from '../common/crypto/digest';
import { newId } from '../common/ids/random-id';
import { SPAN_ATTRIBUTES, annotateRequestSpan } from '../common/tracing/request-span';
import { AppConfig } from '../config/app-config';
import { ServiceKeyService } from '../service-key/service-key.service';
import { seedDeepLink } from './deep-link';
import { FlowAlreadyTerminalError } from './errors/flow-already-terminal.error';
import { FlowNotFoundError } from './errors/flow-not-found.error';
import type { FlowCode, FlowCodeKind } from './flow-code.entity';
import type { FlowKind } from './flow-kind';
import { FLOW_MOVES, FlowMove, isTerminal } from './flow-state';
import { FlowTransitionHooks } from './flow-transition.hooks';
import { verificationCodeOf } from './verification-code';
import { type ChangeAudience, FlowPublisher } from './flow-publisher';
import { isQrFrameUri, parseQrFrame } from './qr-frame';
import { QrStarts } from './qr-starts';
import { QrFrameRefusedError } from './errors/qr-frame-refused.error';
import { StaticSeedsOffError } from './errors/static-seeds-off.error';
import { NoQrCodeError } from './errors/no-qr-code.error';
import { FlowTakenError } from './errors/flow-taken.error';
import type { Flow } from './flow.entity';
import { FlowRepository } from './flow.repository';
import type { FlowHolder } from './kinds/flow-holder';
import { type CreatedFlow, type NewFlow, flowRowOf } from './new-flow';
import { UnitOfWork } from '../platform/unit-of-work';

/** Fields a move may set besides the status. */
export type FlowChanges = Partial<
  Pick<Flow, 'deviceId' | 'holderNin' | 'claims' | 'signature' | 'signedAt' | 'endReason'>
>;

export interface MoveCondition {
  /** The move only applies while no device, or this device, holds the flow. */
  heldByNoneOr?: string;
}

const STAMP_TYPE = 'idflow-flow+jwt';
/**
 * Every flow id has this shape (DESIGN section 3); anything else names no flow and is not looked up, since PostgreSQL
 * refuses some text outright (a NUL character) and would turn a bad id into a 500.
 */
const FLOW_ID_SHAPE = /^[0-9A-Za-z_]{1,64}$/;
const SWEEP_BATCH = 500;

/**
 * Creates flows, finds them (applying expiry on read), and moves them through the state table by compare-and-set.
 * Every creation and every move that wins is told by FlowPublisher once it is committed.
 */
@Injectable()
export class FlowsService {
  constructor(
    private readonly flows: FlowRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly serviceKey: ServiceKeyService,
    private readonly config: AppConfig,
    private readonly hooks: FlowTransitionHooks,
    private readonly qrStarts: QrStarts,
    private readonly publisher: FlowPublisher,
  ) {}

  /**
   * Makes the flow and what its start mode hands the caller: a same-device flow gets the link that opens the app on
   * it, a wildcard flow its seeds as custom-scheme URIs; only their digests are kept. A kind whose own rows must be
   * written with the flow (a document's signees) calls this inside its unit of work; the flow is news once that commits.
   */
  async create(input: NewFlow): Promise<CreatedFlow> {
    const now = Date.now();
    const id = input.id ?? newId.flow(now);
    annotateRequestSpan({ [SPAN_ATTRIBUTES.flowId]: id });
    const { principal } = input;
    const expiresAt = now + (input.ttlSeconds ?? this.config.FLOW_TTL_SECONDS) * 1000;
    const stamp = await this.serviceKey.sign(
      {
        sub: id,
        consumer: principal.consumer.id,
        app: principal.app.id,
        env: principal.app.environment,
        kind: input.kind,
        mode: input.startMode,
        action: input.action,
        payload_sha256: sha256Hex(input.payload),
        exp: Math.floor(expiresAt / 1000),
      },
      { issuer: this.config.BASE_URL, type: STAMP_TYPE },
    );
    const codeKind: FlowCodeKind | undefined =
      input.startMode === 'same-device' ? 'link' : input.startMode === 'wildcard' ? 'seed' : undefined;
    const codeCount = codeKind === 'link' ? 1 : codeKind === 'seed' ? (input.seeds ?? 0) : 0;
    const codes = Array.from({ length: codeCount }, () => newId.flowCode());
    // A flow a person starts themselves gets an animated QR code beside its link code or seeds, in the same insert.
    const qrStart = codeKind ? this.qrStarts.prepare(id, now) : undefined;
    const codeRows: FlowCode[] = codes.map((code) => ({
      codeDigest: sha256Hex(code),
      flowId: id,
      kind: codeKind as FlowCodeKind,
      createdAt: now,
      secret: null,
    }));
    if (qrStart) codeRows.push(qrStart.row);
    const row = flowRowOf(input, { id, stamp, createdAt: now, expiresAt });
    const flow = await this.flows.insert(row, codeRows);
    const qr = qrStart?.qr;
    await this.unitOfWork.whenCommitted(() => this.publisher.created(flow));
    if (codeKind === 'link') return { flow, link: `${this.config.OPEN_URL}/open/${codes[0]}`, qr };
    if (codeKind === 'seed') return { flow, seeds: codes.map(seedDeepLink), qr };
    if (input.startMode === 'different-device') return { flow, verificationCode: verificationCodeOf(flow) };
    return { flow };
  }

  /** A flow of this app; another app's flow is reported exactly like an unknown one. */
  async findForApp(flowId: string, appId: string): Promise<Flow> {
    const flow = await this.find(flowId);
    if (flow.appId !== appId) throw new FlowNotFoundError();
    return flow;
  }

  async find(flowId: string): Promise<Flow> {
    if (!FLOW_ID_SHAPE.test(flowId)) throw new FlowNotFoundError();
    annotateRequestSpan({ [SPAN_ATTRIBUTES.flowId]: flowId });
    const flow = await this.flows.find(flowId);
    if (!flow) throw new FlowNotFoundError();
    return this.applyExpiry(flow);
  }

  /** The flows of every app given this webhook reference, the newest first, each as it stands now. */
  async withReference(reference: string, limit: number): Promise<Flow[]> {
    const flows = await this.flows.withReference(reference, limit);
    return Promise.all(flows.map((flow) => this.applyExpiry(flow)));
  }

  /**
   * The flow a same-device link code or wildcard seed belongs to, or the one an animated QR frame shows (checked for
   * its time and code); `kind` narrows it to links or seeds. With STATIC_SEEDS off a seed picks nothing up. A QR start
   * token alone is no code: only a frame made with its secret is.
   */
  async findByCode(code: string, kind?: Exclude<FlowCodeKind, 'qr'>): Promise<Flow> {
    if (isQrFrameUri(code)) {
      if (kind) throw new FlowNotFoundError();
      return this.findByQrFrame(code);
    }
    const entry = await this.flows.findCode(sha256Hex(code), kind);
    if (!entry) throw new FlowNotFoundError();
    if (entry.kind === 'seed' && !this.config.STATIC_SEEDS) throw new StaticSeedsOffError();
    return this.find(entry.flowId);
  }

  private async findByQrFrame(text: string): Promise<Flow> {
    const now = Date.now();
    const frame = parseQrFrame(text);
    if (!frame) throw new QrFrameRefusedError('This is not a QR frame of idflow: scan the code on the screen again');
    const entry = await this.qrStarts.findByToken(frame.startToken);
    if (!entry) throw new FlowNotFoundError();
    const flow = await this.find(entry.flowId);
    this.qrStarts.check(frame, entry, flow, now);
    return flow;
  }

  /** The animated QR frame of this second of a flow still waiting to be picked up, and its time. */
  async currentQrFrame(flow: Flow): Promise<{ frame: string; time: number }> {
    const entry = await this.qrStarts.findByFlow(flow.id);
    if (!entry) throw new NoQrCodeError();
    if (isTerminal(flow.status)) throw new FlowAlreadyTerminalError(flow.status);
    if (flow.deviceId !== null) throw new FlowTakenError();
    return this.qrStarts.frameAt(entry, flow, Date.now());
  }

  /**
   * The holder's inbox of a kind, newest first: open flows pushed to their NIN (different-device) that no other device
   * took, and the flows this device holds, so that a stream opened or reopened after a pick-up still shows what the
   * device picked up. Same-device flows that name a NIN are not pushed: the holder picks them up through the link.
   */
  async waitingFor(kind: FlowKind, holder: FlowHolder): Promise<Flow[]> {
    return this.flows.openWaitingFor(kind, holder.environment, holder.nin, holder.id);
  }

  /** What the holder approved or declined, the latest answer first: their history, as long as flows are kept. */
  answeredBy(holder: Pick<FlowHolder, 'environment' | 'nin'>, limit: number): Promise<Flow[]> {
    return this.flows.answeredBy(holder.environment, holder.nin, limit);
  }

  /** The open flows of a kind among these ids, newest first: a kind that keeps its own holder rows asks with them. */
  async openFlowsAmong(kind: FlowKind, environment: Flow['environment'], flowIds: string[]): Promise<Flow[]> {
    if (flowIds.length === 0) return [];
    return this.flows.openAmong(kind, environment, flowIds);
  }

  /** The flow as it stands, read at once: inside the open unit of work, if any. */
  async current(flowId: string): Promise<Flow> {
    const flow = await this.flows.findNow(flowId);
    if (!flow) throw new FlowNotFoundError();
    return flow;
  }

  async cancel(flowId: string, appId: string): Promise<Flow> {
    const flow = await this.findForApp(flowId, appId);
    const moved = await this.move(flow, 'cancel');
    if (!moved) throw new FlowAlreadyTerminalError((await this.find(flowId)).status);
    return moved;
  }

  /**
   * Applies a move of the state table if, at the moment of writing, the flow is still in a state the move starts
   * from (and held as the condition says). Returns the flow after the move, or null when another move won. The move
   * joins the caller's unit of work, for work that must commit with it (a document's signee signing), and is
   * published once that commits.
   */
  async move(
    flow: Flow,
    move: FlowMove,
    changes: FlowChanges = {},
    condition: MoveCondition = {},
  ): Promise<Flow | null> {
    return this.unitOfWork.run(() => this.apply(flow, move, changes, condition));
  }

  private async apply(
    flow: Flow,
    move: FlowMove,
    changes: FlowChanges,
    condition: MoveCondition,
  ): Promise<Flow | null> {
    const { from, to } = FLOW_MOVES[move];
    const won = await this.flows.compareAndSet(flow.id, {
      from,
      set: { ...changes, status: to, updatedAt: Date.now() },
      // Only the moves the table says may act on a flow whose time is up, even before anyone has marked it expired.
      unexpired: !('afterExpiry' in FLOW_MOVES[move]),
      heldByNoneOr: condition.heldByNoneOr,
    });
    if (!won) return null;
    const updated = await this.current(flow.id);
    await this.hooks.run(updated, move);
    this.unitOfWork.afterCommit(() => this.publisher.moved(updated));
    return updated;
  }

  /**
   * Notes that a device of the flows' person fetched them (inbox, device stream), once per flow; the flows whose hint
   * this changes are published, so observers see the person's app has them.
   */
  async markSeen(flowIds: string[]): Promise<void> {
    if (flowIds.length === 0) return;
    const unseen = await this.flows.unseenAmong(flowIds);
    if (unseen.length === 0) return;
    await this.flows.markSeen(unseen, Date.now());
    for (const id of unseen) await this.announce(id, 'observers');
  }

  /**
   * Forgets the claims a completed flow released (its holder asked for their erasure), in the caller's unit of work;
   * the flow stays completed, and observers are told once that commits.
   */
  async eraseClaims(flow: Flow): Promise<Flow> {
    await this.flows.eraseClaims(flow.id, Date.now());
    const erased = await this.current(flow.id);
    await this.unitOfWork.whenCommitted(() => this.publisher.announce(flow.id));
    return erased;
  }

  /** Notes that a device showed the flow to its person (it read it), once; observers see the hint `userSign`. */
  async markViewed(flow: Flow): Promise<Flow> {
    if (flow.viewedAt !== null) return flow;
    const now = Date.now();
    if (await this.flows.markViewed(flow.id, now, flow.seenAt ?? now)) await this.announce(flow.id, 'observers');
    return { ...flow, viewedAt: now, seenAt: flow.seenAt ?? now };
  }

  /**
   * Publishes the flow as it now stands, for changes made beside it (a document signee viewing, for example). A change
   * only its observers care about (a progress hint) is not pushed to the person's devices.
   */
  announce(flowId: string, audience: ChangeAudience = 'everyone'): Promise<void> {
    return this.publisher.announce(flowId, audience);
  }

  /**
   * Tells these people's devices of a flow that has just come to wait for them, as a create tells its holders': the
   * push hooks (a Web Push notice) run once, here. For a document signee whose turn came, or who asked for a push
   * from the review page; the change itself is published as any other.
   */
  pushTo(flowId: string, nins: readonly string[]): Promise<void> {
    return this.publisher.pushTo(flowId, nins);
  }

  /**
   * Cancels the open flows this device holds, inside the transaction that revokes it: nobody could approve or decline
   * them any more, so they end now (`endReason` device-revoked, the hint `deviceRevoked`) rather than at their expiry,
   * with the webhooks and notices of any cancel.
   */
  async cancelHeldBy(deviceId: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      for (const flow of await this.flows.openHeldBy(deviceId)) {
        await this.move(flow, 'cancel', { endReason: 'device-revoked' }, { heldByNoneOr: deviceId });
      }
    });
  }

  /** Expires every open flow whose time is up; returns how many this call expired. */
  async expireDue(): Promise<number> {
    const due = await this.flows.dueForExpiry(SWEEP_BATCH);
    let expired = 0;
    for (const flow of due) if (await this.move(flow, 'expire')) expired++;
    return expired;
  }

  private async applyExpiry(flow: Flow): Promise<Flow> {
    if (isTerminal(flow.status) || Date.now() < flow.expiresAt) return flow;
    return (await this.move(flow, 'expire')) ?? this.current(flow.id);
  }
}
