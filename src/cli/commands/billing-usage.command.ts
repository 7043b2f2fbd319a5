import { Command, InvalidArgumentError, Option } from 'commander';
import { MONTH_PATTERN } from '../../billing/billing-calendar';
import { MonthlyUsage, UsageService } from '../../billing/usage.service';
import { OutputOptions, runCommand } from '../run-command';
import { jsonOption } from './json-option';

interface BillingUsageOptions extends OutputOptions {
  month?: string;
}

function parseMonth(value: string): string {
  if (!MONTH_PATTERN.test(value)) throw new InvalidArgumentError('the month must be written YYYY-MM');
  return value;
}

/** One line per consumer, then its calls per environment and category. */
function describe(report: MonthlyUsage): string {
  const title = `Usage in ${report.month} (UTC): ${report.calls} calls, cost ${report.cost}`;
  if (report.consumers.length === 0) return `${title}\n  no metered calls`;
  const lines = report.consumers.flatMap((consumer) => [
    `  ${consumer.consumerId}  ${consumer.name}: ${consumer.calls} calls, cost ${consumer.cost}`,
    ...consumer.usage.map(
      (usage) => `    ${`${usage.environment} ${usage.category}`.padEnd(26)} ${usage.calls} calls, cost ${usage.cost}`,
    ),
  ]);
  return [title, ...lines].join('\n');
}

export const billingUsageCommand = () =>
  new Command('billing:usage')
    .description("print a month's metered calls and costs per consumer, by environment and category")
    .addOption(
      new Option('--month <YYYY-MM>', 'calendar month, UTC (default: the current month)').argParser(parseMonth),
    )
    .addOption(jsonOption())
    .action((options: BillingUsageOptions) =>
      runCommand(options, async (context) => {
        const report = await context.get(UsageService).monthly(options.month);
        return { json: report, human: describe(report) };
      }),
    );
