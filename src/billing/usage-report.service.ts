import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { maskId } from '../common/masking/mask-id';
import type { Environment } from '../tenants/environment';
import { BillingAccount, BillingAccountsService } from './billing-accounts.service';
import { UsagePeriod, resolveUsagePeriod } from './usage-period';
import type { UsageCount } from './usage-count';
import { DailyUsage, UsageService, sumUsage } from './usage.service';

/** What an integrator sees of its consumer's usage: calls by day and category, and where its account stands. */
export interface UsageReport extends UsagePeriod {
  /** The consumer, masked like every id in answers. */
  consumer: string;
  /** The environment of the key that asked: live keys see production usage, test keys sandbox usage. */
  environment: Environment;
  days: DailyUsage[];
  totals: UsageCount;
  /** Prepaid balance, minor units. */
  balance: number;
  allowance: BillingAccount['allowance'];
}

@Injectable()
export class UsageReportService {
  constructor(
    private readonly usage: UsageService,
    private readonly accounts: BillingAccountsService,
  ) {}

  async forIntegrator(principal: Principal, query: Partial<UsagePeriod>, now = Date.now()): Promise<UsageReport> {
    const period = resolveUsagePeriod(query, now);
    const consumerId = principal.consumer.id;
    const environment = principal.app.environment;
    const [days, account] = await Promise.all([
      this.usage.daily(consumerId, environment, period.from, period.to),
      this.accounts.account(consumerId, now),
    ]);
    return {
      consumer: maskId(consumerId),
      environment,
      ...period,
      days,
      totals: sumUsage(days),
      balance: account.balance,
      allowance: account.allowance,
    };
  }
}
