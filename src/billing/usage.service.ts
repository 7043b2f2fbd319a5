import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { newId } from '../common/ids/random-id';
import { EntityStatements } from '../platform/entity-statements';
import type { Environment } from '../tenants/environment';
import { TenantsService } from '../tenants/tenants.service';
import { dateOfDayNumber, datePeriod, monthOf, monthPeriod } from './billing-calendar';
import type { BillingCategory } from './billing-category';
import { UsageRecord } from './usage-record.entity';

export type NewUsageRecord = Omit<UsageRecord, 'id'>;

/** `none` stands for the routes that are never billed. */
export type ReportedCategory = BillingCategory | 'none';

export interface UsageCount {
  calls: number;
  /** Minor units. */
  cost: number;
}

export interface DailyUsage extends UsageCount {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  category: ReportedCategory;
}

export interface ConsumerUsage extends UsageCount {
  environment: Environment;
  category: ReportedCategory;
}

export interface MonthlyConsumerUsage extends UsageCount {
  consumerId: string;
  name: string;
  usage: ConsumerUsage[];
}

export interface MonthlyUsage extends UsageCount {
  month: string;
  consumers: MonthlyConsumerUsage[];
}

// Rows per INSERT: ten parameters each stays far below every driver's limit on bound parameters.
const INSERT_CHUNK = 200;

/** Counts come back as strings from PostgreSQL and as numbers from SQLite. */
const count = (value: unknown) => Number(value ?? 0);

const reportedCategory = (category: BillingCategory | null): ReportedCategory => category ?? 'none';

export function sumUsage(counts: UsageCount[]): UsageCount {
  return counts.reduce((total, item) => ({ calls: total.calls + item.calls, cost: total.cost + item.cost }), {
    calls: 0,
    cost: 0,
  });
}

/** Usage records: written in batches by the meter, read back as reports for integrators and the operator. */
@Injectable()
export class UsageService {
  /** The meter writes a batch every second under load: one statement text per batch size, prepared once. */
  private readonly statements: EntityStatements<UsageRecord>;

  constructor(
    @InjectRepository(UsageRecord) private readonly records: Repository<UsageRecord>,
    private readonly tenants: TenantsService,
  ) {
    this.statements = new EntityStatements(records);
  }

  async append(records: NewUsageRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += INSERT_CHUNK) {
      const rows = records
        .slice(start, start + INSERT_CHUNK)
        .map((record) => ({ id: newId.usageRecord(record.createdAt), ...record }));
      await this.statements.insertMany(rows);
    }
  }

  /** A consumer's calls in one environment from one day to another (UTC, both included), by day and category. */
  async daily(consumerId: string, environment: Environment, from: string, to: string): Promise<DailyUsage[]> {
    const { start, end } = datePeriod(from, to);
    const rows = await this.records
      .createQueryBuilder('u')
      .select('u.createdAt / 86400000', 'day')
      .addSelect('u.category', 'category')
      .addSelect('COUNT(*)', 'calls')
      .addSelect('SUM(u.cost)', 'cost')
      .where('u.consumerId = :consumerId AND u.environment = :environment', { consumerId, environment })
      .andWhere('u.createdAt >= :start AND u.createdAt < :end', { start, end })
      .groupBy('u.createdAt / 86400000')
      .addGroupBy('u.category')
      .getRawMany<{ day: unknown; category: BillingCategory | null; calls: unknown; cost: unknown }>();
    return rows
      .map((row) => ({
        date: dateOfDayNumber(count(row.day)),
        category: reportedCategory(row.category),
        calls: count(row.calls),
        cost: count(row.cost),
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.category.localeCompare(b.category));
  }

  /** Every consumer's calls in a `YYYY-MM` month (default: this one), by environment and category, for the operator. */
  async monthly(month = monthOf(Date.now())): Promise<MonthlyUsage> {
    const { start, end } = monthPeriod(month);
    const rows = await this.records
      .createQueryBuilder('u')
      .select('u.consumerId', 'consumerId')
      .addSelect('u.environment', 'environment')
      .addSelect('u.category', 'category')
      .addSelect('COUNT(*)', 'calls')
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
    const byConsumer = new Map<string, ConsumerUsage[]>();
    for (const row of rows) {
      const usage = byConsumer.get(row.consumerId) ?? [];
      usage.push({
        environment: row.environment,
        category: reportedCategory(row.category),
        calls: count(row.calls),
        cost: count(row.cost),
      });
      byConsumer.set(row.consumerId, usage);
    }
    const consumers = await Promise.all(
      [...byConsumer].map(async ([consumerId, usage]) => ({
        consumerId,
        name: await this.consumerName(consumerId),
        ...sumUsage(usage),
        usage: usage.sort((a, b) => a.environment.localeCompare(b.environment) || a.category.localeCompare(b.category)),
      })),
    );
    consumers.sort((a, b) => b.cost - a.cost || b.calls - a.calls || a.consumerId.localeCompare(b.consumerId));
    return { month, ...sumUsage(consumers), consumers };
  }

  private async consumerName(consumerId: string): Promise<string> {
    return this.tenants.findConsumer(consumerId).then(
      (consumer) => consumer.name,
      () => '(unknown consumer)',
    );
  }
}
