import { Command, InvalidArgumentError, Option } from 'commander';
import { MONTH_PATTERN } from '../../billing/billing-calendar';
import { runCommand } from '../run-command';
import type { BillingUsageOptions } from './billing-usage.action';
import { jsonOption } from './json-option';

function parseMonth(value: string): string {
  if (!MONTH_PATTERN.test(value)) throw new InvalidArgumentError('the month must be written YYYY-MM');
  return value;
}

export const billingUsageCommand = () =>
  new Command('billing:usage')
    .description("print a month's metered calls and costs per consumer, by environment and category")
    .addOption(
      new Option('--month <YYYY-MM>', 'calendar month, UTC (default: the current month)').argParser(parseMonth),
    )
    .addOption(jsonOption())
    .action((options: BillingUsageOptions) => runCommand(options, () => import('./billing-usage.action')));
