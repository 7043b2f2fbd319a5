import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import type { AgingRows } from '../common/retention/table-retention-rule';
import { deleteBatch } from '../platform/delete-batch';
import { IdempotencyRecord } from './idempotency-record.entity';

/**
 * The idempotency keys: a key is claimed by inserting its row (the primary key makes the first insert win), and only
 * a running claim is answered or released. Private to the idempotency module.
 */
@Injectable()
export class IdempotencyRecordRepository implements AgingRows {
  constructor(@InjectRepository(IdempotencyRecord) private readonly records: Repository<IdempotencyRecord>) {}

  /** Forgets the key if it expired before `now`, or if its claim is running since before `abandonedBefore`. */
  async deleteStale(keyDigest: string, now: number, abandonedBefore: number): Promise<void> {
    await this.records.delete([
      { keyDigest, expiresAt: LessThan(now) },
      { keyDigest, state: 'running', createdAt: LessThan(abandonedBefore) },
    ]);
  }

  /** Writes the claim; a key claimed already fails with the database's unique violation. */
  async insert(record: IdempotencyRecord): Promise<void> {
    await this.records.insert(record);
  }

  find(keyDigest: string): Promise<IdempotencyRecord | null> {
    return this.records.findOneBy({ keyDigest });
  }

  async answer(keyDigest: string, answer: Pick<IdempotencyRecord, 'statusCode' | 'body' | 'headers'>): Promise<void> {
    await this.records.update({ keyDigest, state: 'running' }, { state: 'answered', ...answer });
  }

  async release(keyDigest: string): Promise<void> {
    await this.records.delete({ keyDigest, state: 'running' });
  }

  deleteOlderThan(before: number, limit: number): Promise<number> {
    return deleteBatch(this.records, 'row.expiresAt < :before', { before }, 'expiresAt', limit);
  }
}
