import type { Environment } from '../tenants/environment';
import type { BillingCategory } from './billing-category';
import type { UsageCount } from './usage-count';

/** `none` stands for the routes that are never billed. */
export type ReportedCategory = BillingCategory | 'none';

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
