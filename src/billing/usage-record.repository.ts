import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { deleteBatch } from '../platform/delete-batch';
import { EntityStatements } from '../platform/entity-statements';
import type { Environment } from '../tenants/environment';
import type { BillingCategory } from './billing-category';
import type { UsageCount } from './usage-count';
import { UsageRecord } from './usage-record.entity';

/** A consumer's calls of one category on one day, the day counted in whole UTC days since 1970. */
export interface DayCounts extends UsageCount {
  day: number;
  category: BillingCategory | null;
}

/** A consumer's calls of one category in one environment. */
export interface ConsumerCounts extends UsageCount {
  consumerId: string;
  environment: Environment;
  category: BillingCategory | null;
}

// Rows per INSERT: ten parameters each stays far below every driver's limit on bound parameters.
const INSERT_CHUNK = 200;

/** Counts come back as strings from PostgreSQL and as numbers from SQLite. */
const count = (value: unknown) => Number(value ?? 0);

/** The usage records table: batches written by the meter, sums read back for reports, old rows deleted. */
@Injectable()
export class UsageRecordRepository {
  /** The meter writes a batch every second under load: one statement text per batch size, prepared once. */
  private readonly statements: EntityStatements<UsageRecord>;

  constructor(@InjectRepository(UsageRecord) private readonly records: Repository<UsageRecord>) {
    this.statements = new EntityStatements(records);
  }

  async insertMany(records: UsageRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += INSERT_CHUNK) {
      await this.statements.insertMany(records.slice(start, start + INSERT_CHUNK));
    }
  }

  /** A consumer's calls in one environment from `start` to `end` (epoch ms, end excluded), by day and category. */
  async countsByDay(consumerId: string, environment: Environment, start: number, end: number): Promise<DayCounts[]> {
    const rows = await this.records
      .createQueryBuilder('u')
      .select('u.createdAt / 86400000', 'day')
      .addSelect('u.category', 'category')
      .addSelect('SUM(u.calls)', 'calls')
      .addSelect('SUM(u.cost)', 'cost')
      .where('u.consumerId = :consumerId AND u.environment = :environment', { consumerId, environment })
      .andWhere('u.createdAt >= :start AND u.createdAt < :end', { start, end })
      .groupBy('u.createdAt / 86400000')
      .addGroupBy('u.category')
      .getRawMany<{ day: unknown; category: BillingCategory | null; calls: unknown; cost: unknown }>();
    return rows.map((row) => ({
      day: count(row.day),
      category: row.category,
      calls: count(row.calls),
      cost: count(row.cost),
    }));
  }

  /** Every consumer's calls from `start` to `end` (epoch ms, end excluded), by consumer, environment and category. */
  async countsByConsumer(start: number, end: number): Promise<ConsumerCounts[]> {
    const rows = await this.records
      .createQueryBuilder('u')
      .select('u.consumerId', 'consumerId')
      .addSelect('u.environment', 'environment')
      .addSelect('u.category', 'category')
      .addSelect('SUM(u.calls)', 'calls')
      .addSelect('SUM(u.cost)', 'cost')
      .where('u.createdAt >= :start AND u.createdAt < :end', { start, end })
      .groupBy('u.consumerId')
      .addGroupBy('u.environment')
      .addGroupBy('u.category')
      .getRawMany<{
        consumerId: string;
        environment: Environment;
        category: BillingCategory | null;
        calls: unknown;
        cost: unknown;
      }>();
    return rows.map((row) => ({ ...row, calls: count(row.calls), cost: count(row.cost) }));
  }

  /** Deletes at most `limit` records of calls made before `before`, the oldest first; answers how many. */
  deleteMadeBefore(before: number, limit: number): Promise<number> {
    return deleteBatch(this.records, 'row.createdAt < :before', { before }, 'createdAt', limit);
  }
}
