import { Injectable } from '@nestjs/common';
import { In, LessThanOrEqual, type Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { DocumentSignee } from './document-signee.entity';
import { IN_TURN_SIGNEE_STATUSES, OPEN_SIGNEE_STATUSES, type SigneeStatus } from './signee-status';

/** When the signees of a step are asked: their new status, and when each is first reminded. */
export interface StepAsked {
  status: Extract<SigneeStatus, 'notified' | 'pending'>;
  now: number;
  nextReminderAt: number | null;
}

/**
 * The signees of documents. Each change of a signee's status is a compare-and-set on the statuses it may change from,
 * so two devices (or a device and a reminder) never both win it. Reads and writes join the open unit of work, if any.
 * Private to the documents module.
 */
@Injectable()
export class DocumentSigneeRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async insertAll(signees: DocumentSignee[]): Promise<void> {
    await this.rows().insert(signees);
  }

  /** The document's signees, in the order the caller listed them. */
  listOf(flowId: string): Promise<DocumentSignee[]> {
    return this.rows().find({ where: { flowId }, order: { position: 'ASC' } });
  }

  /** The documents on which this NIN has been pushed and has not acted yet. */
  async flowIdsAwaiting(nin: string): Promise<string[]> {
    const waiting = await this.rows().find({
      select: { flowId: true },
      where: { nin, status: In(['notified', 'viewed']) },
    });
    return waiting.map((signee) => signee.flowId);
  }

  /** Sets the signee's status (and `changes`) if it is one of `from` now; false when it was not. */
  async move(
    flowId: string,
    nin: string,
    from: readonly SigneeStatus[],
    to: SigneeStatus,
    changes: Partial<DocumentSignee> = {},
  ): Promise<boolean> {
    const result = await this.rows().update(
      { flowId, nin, status: In([...from]) },
      { ...changes, status: to, updatedAt: Date.now() },
    );
    return result.affected === 1;
  }

  /** Names the wallet signing flow of this signee's latest EU wallet request. */
  async linkWalletFlow(flowId: string, nin: string, walletFlowId: string): Promise<void> {
    await this.rows().update({ flowId, nin }, { walletFlowId, updatedAt: Date.now() });
  }

  /** The signee whose EU wallet request this wallet signing flow is, if it is one. */
  findByWalletFlow(walletFlowId: string): Promise<DocumentSignee | null> {
    return this.rows().findOneBy({ walletFlowId });
  }

  /** The waiting signees of this step are asked now. */
  async askStep(flowId: string, step: number, { status, now, nextReminderAt }: StepAsked): Promise<void> {
    await this.rows().update({ flowId, step, status: 'waiting' }, { status, updatedAt: now, nextReminderAt });
  }

  /** Signees in turn whose reminder is due at `now`, the longest due first. */
  dueReminders(now: number, limit: number): Promise<DocumentSignee[]> {
    return this.rows().find({
      where: { nextReminderAt: LessThanOrEqual(now), status: In([...IN_TURN_SIGNEE_STATUSES]) },
      order: { nextReminderAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * Takes the reminder the signee (as read) was due, while still in turn, setting the next one and the count sent:
   * false when another instance took it or the signee acted meanwhile.
   */
  async claimReminder(
    signee: DocumentSignee,
    next: Pick<DocumentSignee, 'nextReminderAt' | 'remindersSent'>,
  ): Promise<boolean> {
    const claimed = await this.rows().update(
      {
        flowId: signee.flowId,
        position: signee.position,
        nextReminderAt: signee.nextReminderAt as number,
        status: In([...IN_TURN_SIGNEE_STATUSES]),
      },
      next,
    );
    return claimed.affected === 1;
  }

  /** A review signee who never asked for their push is `notified` now; any other is left as it is. */
  async notifyIfPending({ flowId, position }: DocumentSignee, now: number): Promise<void> {
    await this.rows().update({ flowId, position, status: 'pending' }, { status: 'notified', updatedAt: now });
  }

  /** Every signee of the document who had not acted is passed over. */
  async markOpenStale(flowId: string, now: number): Promise<void> {
    await this.rows().update({ flowId, status: In([...OPEN_SIGNEE_STATUSES]) }, { status: 'stale', updatedAt: now });
  }

  async deleteOf(flowIds: string[]): Promise<void> {
    await this.rows().delete({ flowId: In(flowIds) });
  }

  private rows(): Repository<DocumentSignee> {
    return this.unitOfWork.manager.getRepository(DocumentSignee);
  }
}
