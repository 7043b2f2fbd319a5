import { Injectable } from '@nestjs/common';
import { In, IsNull, LessThanOrEqual, Not, type Repository } from 'typeorm';
import { EntityStatements } from '../platform/entity-statements';
import { UnitOfWork } from '../platform/unit-of-work';
import { FlowDocument } from './flow-document.entity';

/** What a stamped copy leaves on its document: where it is kept, its digest, and when its archive is renewed. */
export interface StampedCopy {
  stampedKey: string;
  stampedSha256: string;
  archiveRenewalAt: number | null;
}

/**
 * The `documents` table, one row a document flow: its file, its stamped copy and the due times of its seal, archive
 * renewal and expiry warning. Every claim on a due time is a compare-and-set on that time, so one instance wins it.
 * Reads and writes join the open unit of work, if any. Private to the documents module.
 */
@Injectable()
export class FlowDocumentRepository {
  private readonly statements: EntityStatements<FlowDocument>;

  constructor(private readonly unitOfWork: UnitOfWork) {
    this.statements = new EntityStatements(unitOfWork.manager.getRepository(FlowDocument));
  }

  async insert(
    document: Omit<FlowDocument, 'archiveRenewalAt' | 'sealDueAt' | 'sealAttempts' | 'sealError'>,
  ): Promise<void> {
    await this.rows().insert(document);
  }

  find(flowId: string): Promise<FlowDocument | null> {
    return this.rows().findOneBy({ flowId });
  }

  findOrFail(flowId: string): Promise<FlowDocument> {
    return this.rows().findOneByOrFail({ flowId });
  }

  /** The document whose stamped copy has this SHA-256, if there is one. */
  findStamped(stampedSha256: string): Promise<FlowDocument | null> {
    return this.rows().findOneBy({ stampedSha256 });
  }

  /** Of these file keys, those a document names as its original or its stamped copy. */
  async referencedAmong(keys: string[]): Promise<Set<string>> {
    const rows = await this.rows().find({
      select: { fileKey: true, stampedKey: true },
      where: [{ fileKey: In(keys) }, { stampedKey: In(keys) }],
    });
    return new Set(rows.flatMap((row) => [row.fileKey, row.stampedKey].filter((key): key is string => key !== null)));
  }

  /** The seal is due from `now`, its attempts counted afresh. */
  async scheduleSeal(flowId: string, now: number): Promise<void> {
    await this.rows().update({ flowId }, { sealDueAt: now, sealAttempts: 0, sealError: null });
  }

  /**
   * Documents whose seal is due at `now`, the longest due first. Most passes find none: one seek of the due time's
   * index, in a statement prepared once, says so before the query builder writes a statement with the time in its text.
   */
  async dueSeals(now: number, limit: number): Promise<FlowDocument[]> {
    if (!(await this.statements.anyDueBy(now, 'sealDueAt'))) return [];
    return this.rows().find({ where: { sealDueAt: LessThanOrEqual(now) }, order: { sealDueAt: 'ASC' }, take: limit });
  }

  /** Takes the seal due at `dueAt` until `leaseEnd`, as attempt `attempt`: false when another instance took it. */
  async claimSeal(flowId: string, dueAt: number, leaseEnd: number, attempt: number): Promise<boolean> {
    const claimed = await this.rows().update(
      { flowId, sealDueAt: dueAt },
      { sealDueAt: leaseEnd, sealAttempts: attempt },
    );
    return claimed.affected === 1;
  }

  /**
   * Ends the lease held until `leaseEnd`: the seal is due again at `nextDueAt` (never, when null), with the error of
   * the attempt, if any. False when the lease ran out and another instance holds the seal now.
   */
  async endSealLease(flowId: string, leaseEnd: number, nextDueAt: number | null, sealError?: string): Promise<boolean> {
    const held = await this.rows().update(
      { flowId, sealDueAt: leaseEnd },
      { sealDueAt: nextDueAt, ...(sealError !== undefined ? { sealError } : {}) },
    );
    return held.affected === 1;
  }

  async recordStamped(flowId: string, copy: StampedCopy): Promise<void> {
    await this.rows().update({ flowId }, copy);
  }

  /** Documents whose stamped copy is still to be made, the longest due first. */
  pendingSeals(limit: number): Promise<FlowDocument[]> {
    return this.rows().find({ where: { sealDueAt: Not(IsNull()) }, order: { sealDueAt: 'ASC' }, take: limit });
  }

  countPendingSeals(): Promise<number> {
    return this.rows().countBy({ sealDueAt: Not(IsNull()) });
  }

  /** Stamped copies with an archive renewal to come, the soonest first. */
  scheduledRenewals(limit: number): Promise<FlowDocument[]> {
    return this.rows().find({
      where: { archiveRenewalAt: Not(IsNull()) },
      order: { archiveRenewalAt: 'ASC' },
      take: limit,
    });
  }

  countScheduledRenewals(): Promise<number> {
    return this.rows().countBy({ archiveRenewalAt: Not(IsNull()) });
  }

  /** Stamped copies whose archive renewal is due at `now`, the longest due first. */
  dueRenewals(now: number, limit: number): Promise<FlowDocument[]> {
    return this.rows().find({
      where: { archiveRenewalAt: LessThanOrEqual(now) },
      order: { archiveRenewalAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * Moves the renewal of this copy (as `document` read it) to `until`: false when the copy or its renewal changed
   * since, another instance having claimed or renewed it.
   */
  async claimRenewal({ flowId, stampedSha256, archiveRenewalAt }: FlowDocument, until: number): Promise<boolean> {
    const claimed = await this.rows().update(
      {
        flowId,
        stampedSha256: stampedSha256!,
        archiveRenewalAt: archiveRenewalAt === null ? IsNull() : archiveRenewalAt,
      },
      { archiveRenewalAt: until },
    );
    return claimed.affected === 1;
  }

  /** Gives a renewal claimed until `claimedUntil` back, due when it was. */
  async releaseRenewal(flowId: string, claimedUntil: number, archiveRenewalAt: number | null): Promise<void> {
    await this.rows().update({ flowId, archiveRenewalAt: claimedUntil }, { archiveRenewalAt });
  }

  /** Ends the renewal of the copy with this digest: false when another renewal replaced the copy first. */
  async endRenewal(flowId: string, stampedSha256: string): Promise<boolean> {
    const unchanged = await this.rows().update({ flowId, stampedSha256 }, { archiveRenewalAt: null });
    return unchanged.affected === 1;
  }

  /** Documents whose `document.expiring` warning is due at `now`, the longest due first. */
  dueExpiryWarnings(now: number, limit: number): Promise<FlowDocument[]> {
    return this.rows().find({
      where: { expiryWarningAt: LessThanOrEqual(now) },
      order: { expiryWarningAt: 'ASC' },
      take: limit,
    });
  }

  /** Takes the warning due at `dueAt`: false when another instance took it. */
  async claimExpiryWarning(flowId: string, dueAt: number): Promise<boolean> {
    const claimed = await this.rows().update({ flowId, expiryWarningAt: dueAt }, { expiryWarningAt: null });
    return claimed.affected === 1;
  }

  async deleteOf(flowIds: string[]): Promise<void> {
    await this.rows().delete({ flowId: In(flowIds) });
  }

  private rows(): Repository<FlowDocument> {
    return this.unitOfWork.manager.getRepository(FlowDocument);
  }
}
