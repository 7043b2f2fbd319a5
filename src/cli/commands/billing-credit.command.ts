import { Command, InvalidArgumentError, Option } from 'commander';
import { BillingAccountsService } from '../../billing/billing-accounts.service';
import { MAX_MINOR_UNITS } from '../../billing/minor-units';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

interface BillingCreditOptions extends OutputOptions {
  consumer: string;
  amount: number;
}

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
    .action((options: BillingCreditOptions) =>
      runCommand(options, async (context) => {
        const account = await context.get(BillingAccountsService).credit(options.consumer, options.amount);
        const { allowance } = account;
        return {
          json: account,
          human: summary(`Credited ${options.amount} to consumer ${account.consumerId}`, {
            balance: String(account.balance),
            [`allowance ${allowance.month}`]: `${allowance.used} of ${allowance.limit} used`,
          }),
        };
      }),
    );
