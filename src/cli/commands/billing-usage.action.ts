import { BillingLedgerModule } from '../../billing/billing-ledger.module';
import type { MonthlyUsage } from '../../billing/monthly-usage';
import { UsageService } from '../../billing/usage.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { counted } from '../summary';

export interface BillingUsageOptions extends OutputOptions {
  month?: string;
}

/** One line per consumer, then its calls per environment and category. */
function describe(report: MonthlyUsage): string {
  const title = `Usage in ${report.month} (UTC): ${counted(report.calls, 'call')}, cost ${report.cost}`;
  if (report.consumers.length === 0) return `${title}\n  no metered calls`;
  const lines = report.consumers.flatMap((consumer) => [
    `  ${consumer.consumerId}  ${consumer.name}: ${counted(consumer.calls, 'call')}, cost ${consumer.cost}`,
    ...consumer.usage.map(
      (usage) =>
        `    ${`${usage.environment} ${usage.category}`.padEnd(26)} ${counted(usage.calls, 'call')}, cost ${usage.cost}`,
    ),
  ]);
  return [title, ...lines].join('\n');
}

export const action: CliAction<BillingUsageOptions> = {
  needs: { imports: [BillingLedgerModule] },
  async run(context, options) {
    const report = await context.get(UsageService).monthly(options.month);
    return { json: report, human: describe(report) };
  },
};
