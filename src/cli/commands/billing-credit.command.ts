import { Command, InvalidArgumentError, Option } from 'commander';
import { MAX_MINOR_UNITS } from '../../billing/minor-units';
import { runCommand } from '../run-command';
import type { BillingCreditOptions } from './billing-credit.action';
import { jsonOption } from './json-option';

/** The admin API's rule for a top-up: a positive whole number of minor units. */
function parseAmount(value: string): number {
  const amount = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_MINOR_UNITS) {
    throw new InvalidArgumentError(`the amount must be a whole number of minor units from 1 to ${MAX_MINOR_UNITS}`);
  }
  return amount;
}

export const billingCreditCommand = () =>
  new Command('billing:credit')
    .description("top up a consumer's prepaid balance, which pays for live billable calls beyond the free allowance")
    .requiredOption('--consumer <id>', 'consumer id (bcn_...)')
    .addOption(
      new Option('--amount <minor units>', 'amount to add, e.g. 10000').argParser(parseAmount).makeOptionMandatory(),
    )
    .addOption(jsonOption())
    .action((options: BillingCreditOptions) => runCommand(options, () => import('./billing-credit.action')));
