import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EntityStatements } from '../platform/entity-statements';
import { UnitOfWork } from '../platform/unit-of-work';
import { randomBase62 } from '../common/ids/random-id';
import { deleteBatch } from '../platform/delete-batch';
import type { DeliveryStatus } from './delivery-status';
import { WebhookDelivery } from './webhook-delivery.entity';

/** How long an instance may hold a delivery it claimed: well past the 10 s send timeout and the write that follows. */
export const DELIVERY_LEASE_MS = 60_000;

/** Deliveries due and not being sent, and since when the longest-waiting one has been due. */
export interface Backlog {
  due: number;
  oldestDueAt: number | null;
}

/** What an attempt leaves on its delivery. */
export interface AttemptRecord {
  status: Extract<DeliveryStatus, 'pending' | 'succeeded' | 'failed'>;
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
}

const DUE_PARAMETERS = { pending: 'pending', delivering: 'delivering' } as const;

/** Due: pending and its time has come, or claimed by an instance whose lease ran out (it crashed or hung). */
const dueCondition = (alias: string) =>
  `((${alias}status = :pending AND ${alias}next_attempt_at <= :now) OR ` +
  `(${alias}status = :delivering AND ${alias}lease_expires_at <= :now))`;

/** The app's deliveries to list: of one reference, of one status, at most `limit`. */
export interface DeliveryListing {
  reference?: string;
  status?: DeliveryStatus;
  limit: number;
}

/**
 * The delivery table: the dispatcher's side, claiming due deliveries under a lease and recording attempts, and the
 * app's side, queueing, listing and redelivering. Every write after the insert is conditional, so instances sharing
 * the table never send one delivery twice at once. Private to the webhooks module.
 */
@Injectable()
export class WebhookDeliveryRepository {
  private readonly statements: EntityStatements<WebhookDelivery>;

  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.statements = new EntityStatements(deliveries);
  }

  /**
   * Marks up to `limit` due deliveries `delivering` under a fresh lease token, in one statement, and returns them. On
   * PostgreSQL the candidates are picked `FOR UPDATE SKIP LOCKED`, so instances claiming at the same moment take
   * different rows instead of queueing on each other; the repeated due condition makes the update a compare-and-set on
   * SQLite (one writer at a time) and on PostgreSQL alike.
   */
  async claimDue(limit: number, now = Date.now()): Promise<WebhookDelivery[]> {
    if (!(await this.anyDue(now))) return [];
    const leaseToken = randomBase62(24);
    const parameters = { ...DUE_PARAMETERS, now };
    const candidates = this.deliveries
      .createQueryBuilder('due')
      .select('due.id')
      .where(dueCondition('due.'))
      .orderBy('due.next_attempt_at', 'ASC')
      .limit(limit);
    if (this.deliveries.manager.dataSource.options.type === 'postgres') {
      candidates.setLock('pessimistic_write').setOnLocked('skip_locked');
    }
    const claim = await this.deliveries
      .createQueryBuilder()
      .update(WebhookDelivery)
      .set({ status: 'delivering', leaseToken, leaseExpiresAt: now + DELIVERY_LEASE_MS, updatedAt: now })
      .where(`id IN (${candidates.getQuery()})`)
      .andWhere(dueCondition(''))
      .setParameters(parameters)
      .execute();
    if (!claim.affected) return [];
    return this.deliveries.find({ where: { leaseToken }, order: { nextAttemptAt: 'ASC' } });
  }

  /**
   * Whether a claim would find anything, in two seeks of the status index: most passes find nothing, and the claim is
   * a write (it takes SQLite's write lock) whose text the query builder makes anew with each time.
   */
  private async anyDue(now: number): Promise<boolean> {
    return (
      (await this.statements.anyDueBy(now, 'nextAttemptAt', { column: 'status', values: ['pending'] })) ||
      this.statements.anyDueBy(now, 'leaseExpiresAt', { column: 'status', values: ['delivering'] })
    );
  }

  /** How many deliveries are due and not being sent, and since when the longest-waiting one has been due. */
  async backlog(now = Date.now()): Promise<Backlog> {
    const row = await this.deliveries
      .createQueryBuilder('due')
      .select('COUNT(*)', 'due')
      .addSelect('MIN(due.next_attempt_at)', 'oldest')
      .where(dueCondition('due.'))
      .setParameters({ ...DUE_PARAMETERS, now })
      .getRawOne<{ due: string | number; oldest: string | number | null }>();
    return { due: Number(row?.due ?? 0), oldestDueAt: row?.oldest == null ? null : Number(row.oldest) };
  }

  /**
   * Records the outcome of an attempt on a delivery this instance claimed. False when the lease was lost meanwhile (it
   * ran out and another instance claimed the delivery): that instance's outcome is the one that counts.
   */
  async record(delivery: WebhookDelivery, record: AttemptRecord, now = Date.now()): Promise<boolean> {
    const result = await this.deliveries
      .createQueryBuilder()
      .update(WebhookDelivery)
      .set({
        ...record,
        attempts: delivery.attempts + 1,
        lastAttemptAt: now,
        leaseToken: null,
        leaseExpiresAt: null,
        updatedAt: now,
      })
      .where('id = :id AND lease_token = :leaseToken', { id: delivery.id, leaseToken: delivery.leaseToken })
      .execute();
    return result.affected === 1;
  }

  /** Writes a new delivery, in the unit of work open (beside the change it reports), or at once outside one. */
  async insert(fields: WebhookDelivery): Promise<WebhookDelivery> {
    const manager = this.unitOfWork.manager;
    const delivery = manager.create(WebhookDelivery, fields);
    await manager.insert(WebhookDelivery, delivery);
    return delivery;
  }

  /** The flow's deliveries, in the open unit of work. */
  ofFlow(flowId: string): Promise<WebhookDelivery[]> {
    return this.unitOfWork.manager.findBy(WebhookDelivery, { flowId });
  }

  /** Replaces the body a delivery sends, in the open unit of work; its next attempt is signed over the new one. */
  async rewrite(id: string, payload: string): Promise<void> {
    await this.unitOfWork.manager.update(WebhookDelivery, { id }, { payload });
  }

  /** The delivery with this id, or null. */
  find(id: string): Promise<WebhookDelivery | null> {
    return this.deliveries.findOneBy({ id });
  }

  /** The app's deliveries, newest first. */
  list(appId: string, listing: DeliveryListing): Promise<WebhookDelivery[]> {
    return this.deliveries.find({
      where: {
        appId,
        ...(listing.reference !== undefined ? { reference: listing.reference } : {}),
        ...(listing.status ? { status: listing.status } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: listing.limit,
    });
  }

  /**
   * Makes the delivery pending and due at `now`, allowing it `maxAttempts`, if it is still as `delivery` was read
   * (same status, same attempts); answers it as written, or null when it changed meanwhile.
   */
  async requeue(delivery: WebhookDelivery, maxAttempts: number, now: number): Promise<WebhookDelivery | null> {
    const result = await this.deliveries
      .createQueryBuilder()
      .update(WebhookDelivery)
      .set({ status: 'pending', nextAttemptAt: now, maxAttempts, updatedAt: now })
      .where('id = :id AND status = :status AND attempts = :attempts', {
        id: delivery.id,
        status: delivery.status,
        attempts: delivery.attempts,
      })
      .execute();
    if (result.affected !== 1) return null;
    return this.deliveries.findOneByOrFail({ id: delivery.id });
  }

  /** Deletes at most `limit` succeeded or failed deliveries last changed before `before`, oldest first. */
  deleteFinishedBefore(before: number, limit: number): Promise<number> {
    return deleteBatch(
      this.deliveries,
      'row.status IN (:...finished) AND row.updatedAt < :before',
      { finished: ['succeeded', 'failed'], before },
      'updatedAt',
      limit,
    );
  }
}
