import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids/random-id';
import type { Environment } from '../tenants/environment';
import { TenantsService } from '../tenants/tenants.service';
import { dateOfDayNumber, datePeriod, monthOf, monthPeriod } from './billing-calendar';
import type { BillingCategory } from './billing-category';
import type { ConsumerUsage, MonthlyUsage, ReportedCategory } from './monthly-usage';
import type { UsageCount } from './usage-count';
import type { UsageRecord } from './usage-record.entity';
import { UsageRecordRepository } from './usage-record.repository';

export type NewUsageRecord = Omit<UsageRecord, 'id'>;

export interface DailyUsage extends UsageCount {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  category: ReportedCategory;
}

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
  constructor(
    private readonly records: UsageRecordRepository,
    private readonly tenants: TenantsService,
  ) {}

  async append(records: NewUsageRecord[]): Promise<void> {
    await this.records.insertMany(records.map((record) => ({ id: newId.usageRecord(record.createdAt), ...record })));
  }

  /** Deletes at most `limit` records of calls made before `before`, the oldest first; answers how many. */
  forget(before: number, limit: number): Promise<number> {
    return this.records.deleteMadeBefore(before, limit);
  }

  /** A consumer's calls in one environment from one day to another (UTC, both included), by day and category. */
  async daily(consumerId: string, environment: Environment, from: string, to: string): Promise<DailyUsage[]> {
    const { start, end } = datePeriod(from, to);
    const rows = await this.records.countsByDay(consumerId, environment, start, end);
    return rows
      .map((row) => ({
        date: dateOfDayNumber(row.day),
        category: reportedCategory(row.category),
        calls: row.calls,
        cost: row.cost,
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.category.localeCompare(b.category));
  }

  /** Every consumer's calls in a `YYYY-MM` month (default: this one), by environment and category, for the operator. */
  async monthly(month = monthOf(Date.now())): Promise<MonthlyUsage> {
    const { start, end } = monthPeriod(month);
    const rows = await this.records.countsByConsumer(start, end);
    const byConsumer = new Map<string, ConsumerUsage[]>();
    for (const row of rows) {
      const usage = byConsumer.get(row.consumerId) ?? [];
      usage.push({
        environment: row.environment,
        category: reportedCategory(row.category),
        calls: row.calls,
        cost: row.cost,
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
