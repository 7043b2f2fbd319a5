import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { FlowTransitionHooks } from '../flows/flow-transition.hooks';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { afterFailedAttempt, attemptsAllowed } from '../common/scheduling/retry-schedule';
import { CibaPing } from './ciba-ping.entity';
import { PUSH_START_MODE } from './login-start-modes';
import { EntityStatements } from '../platform/entity-statements';
import { UnitOfWork } from '../platform/unit-of-work';

/** Seconds between attempts: an app's notification endpoint that hiccups is tried again soon, within the login's life. */
const RETRY_SECONDS = [1, 5, 15, 30, 60];
/** How long an instance holds a ping it claimed: past the provider's 2.5 s send timeout and the write that follows. */
const LEASE_MS = 30_000;

/** A ping claimed for one attempt, its `auth_req_id` opened. */
export interface ClaimedPing {
  flowId: string;
  authReqId: string;
  attempts: number;
  expiresAt: number;
  /** The claim: only its holder records the attempt. */
  leaseEndsAt: number;
}

/**
 * The queue of pings owed to CIBA apps in ping mode. A login's ping waits for its flow and becomes due in the very
 * transaction that ends the flow (a flow transition hook), so no restart between the person's answer and the ping
 * loses it; instances claim due pings by compare-and-set.
 */
@Injectable()
export class CibaPingQueue {
  private readonly sealed: SealedColumn<CibaPing>;
  private readonly statements: EntityStatements<CibaPing>;

  constructor(
    @InjectRepository(CibaPing) private readonly pings: Repository<CibaPing>,
    hooks: FlowTransitionHooks,
    sealedColumns: SealedColumns,
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.statements = new EntityStatements(pings);
    this.sealed = sealedColumns.register({ entity: CibaPing, idProperty: 'flowId', valueProperty: 'authReqId' });
    hooks.register((flow) => this.dueWithEnd(flow));
  }

  /** Owes the app a ping for the login behind `flowId`, once that flow ends (at once if it already has). */
  async owe(flowId: string, authReqId: string, expiresAt: number, flowEnded: () => Promise<boolean>): Promise<void> {
    await this.pings.insert({
      flowId,
      authReqId: this.sealed.seal(flowId, authReqId),
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: null,
      expiresAt,
    });
    // A flow that ended before the row was written had no row to make due.
    if (await flowEnded())
      await this.pings.update({ flowId, status: 'waiting' }, { status: 'due', nextAttemptAt: Date.now() });
  }

  /** The login's ping went out another way (with the outcome a poll gave the provider): nothing is left to send. */
  async sent(flowId: string): Promise<void> {
    await this.pings.update({ flowId }, { status: 'sent', nextAttemptAt: null });
  }

  /** Claims up to `limit` due pings, each by compare-and-set, so two instances never send one at once. */
  async claimDue(limit: number, now = Date.now()): Promise<ClaimedPing[]> {
    // Most passes find nothing due: one seek of the status index says so, in a statement prepared once.
    const next = await this.statements.earliest('nextAttemptAt', { column: 'status', values: ['due'] });
    if (next === null || next > now) return [];
    const due = await this.pings.find({
      where: { status: 'due', nextAttemptAt: LessThanOrEqual(now) },
      order: { nextAttemptAt: 'ASC' },
      take: limit,
    });
    const claimed: ClaimedPing[] = [];
    for (const ping of due) {
      const leaseEndsAt = now + LEASE_MS;
      const claim = await this.pings.update(
        { flowId: ping.flowId, status: 'due', nextAttemptAt: ping.nextAttemptAt as number },
        { nextAttemptAt: leaseEndsAt, attempts: ping.attempts + 1 },
      );
      if (claim.affected !== 1) continue;
      const authReqId = this.sealed.open(ping.flowId, ping.authReqId);
      claimed.push({ ...ping, authReqId, attempts: ping.attempts + 1, leaseEndsAt });
    }
    return claimed;
  }

  /** Records how a claimed attempt went: sent, or tried again later while the login lasts, else failed. */
  async record(ping: ClaimedPing, succeeded: boolean, now = Date.now()): Promise<void> {
    let outcome: Pick<CibaPing, 'status' | 'nextAttemptAt'> = { status: 'sent', nextAttemptAt: null };
    if (!succeeded) {
      const retry = afterFailedAttempt(ping.attempts, attemptsAllowed(RETRY_SECONDS), RETRY_SECONDS, now);
      outcome =
        retry.nextAttemptAt !== null && retry.nextAttemptAt < ping.expiresAt
          ? { status: 'due', nextAttemptAt: retry.nextAttemptAt }
          : { status: 'failed', nextAttemptAt: null };
    }
    await this.pings.update({ flowId: ping.flowId, status: 'due', nextAttemptAt: ping.leaseEndsAt }, outcome);
  }

  /** In the unit of work that ends a pushed identification: the ping of its login, if one is owed, is due now. */
  private async dueWithEnd(flow: Flow): Promise<void> {
    if (flow.kind !== 'identification' || flow.startMode !== PUSH_START_MODE) return;
    // An expired login is not pinged: the app's next token request is answered expired_token.
    if (!isTerminal(flow.status) || flow.status === 'expired') return;
    await this.unitOfWork.manager.update(
      CibaPing,
      { flowId: flow.id, status: 'waiting' },
      { status: 'due', nextAttemptAt: Date.now() },
    );
  }
}
