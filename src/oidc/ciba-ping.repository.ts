import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { deleteBatch } from '../platform/delete-batch';
import { EntityStatements } from '../platform/entity-statements';
import { UnitOfWork } from '../platform/unit-of-work';
import { CibaPing } from './ciba-ping.entity';

/**
 * The pings CIBA logins owe their apps. A ping is claimed by a compare-and-set on its due time, and only the claim's
 * holder records the attempt. Private to the oidc module.
 */
@Injectable()
export class CibaPingRepository {
  private readonly statements: EntityStatements<CibaPing>;

  constructor(
    @InjectRepository(CibaPing) private readonly pings: Repository<CibaPing>,
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.statements = new EntityStatements(pings);
  }

  async insert(ping: CibaPing): Promise<void> {
    await this.pings.insert(ping);
  }

  /**
   * The login's ping, while it waits for its flow, is due at `now`: in the open unit of work, if any (the one that
   * ends the flow), so that the ping is due exactly when the end is committed.
   */
  async makeDue(flowId: string, now: number): Promise<void> {
    await this.unitOfWork.manager.update(
      CibaPing,
      { flowId, status: 'waiting' },
      { status: 'due', nextAttemptAt: now },
    );
  }

  async markSent(flowId: string): Promise<void> {
    await this.pings.update({ flowId }, { status: 'sent', nextAttemptAt: null });
  }

  /** Pings due at `now`, the longest due first. */
  async due(now: number, limit: number): Promise<CibaPing[]> {
    // Most passes find none: one seek of the status index, in a statement prepared once, says so.
    if (!(await this.statements.anyDueBy(now, 'nextAttemptAt', { column: 'status', values: ['due'] }))) return [];
    return this.pings.find({
      where: { status: 'due', nextAttemptAt: LessThanOrEqual(now) },
      order: { nextAttemptAt: 'ASC' },
      take: limit,
    });
  }

  /** Takes the ping (as read, due) until `leaseEndsAt`, counting the attempt: false when another instance took it. */
  async claim(ping: CibaPing, leaseEndsAt: number): Promise<boolean> {
    const claim = await this.pings.update(
      { flowId: ping.flowId, status: 'due', nextAttemptAt: ping.nextAttemptAt as number },
      { nextAttemptAt: leaseEndsAt, attempts: ping.attempts + 1 },
    );
    return claim.affected === 1;
  }

  /** Records an attempt's outcome, if the claim held until `leaseEndsAt` is still this one's. */
  async recordAttempt(
    flowId: string,
    leaseEndsAt: number,
    outcome: Pick<CibaPing, 'status' | 'nextAttemptAt'>,
  ): Promise<void> {
    await this.pings.update({ flowId, status: 'due', nextAttemptAt: leaseEndsAt }, outcome);
  }

  /** Deletes at most `limit` pings of logins that ended before `before`, the longest ended first. */
  deleteEndedBefore(before: number, limit: number): Promise<number> {
    return deleteBatch(this.pings, 'row.expiresAt < :before', { before }, 'expiresAt', limit);
  }
}
