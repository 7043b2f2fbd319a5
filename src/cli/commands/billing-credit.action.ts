import { BillingAccountsService } from '../../billing/billing-accounts.service';
import { BillingLedgerModule } from '../../billing/billing-ledger.module';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';

export interface BillingCreditOptions extends OutputOptions {
  consumer: string;
  amount: number;
}

export const action: CliAction<BillingCreditOptions> = {
  needs: { imports: [BillingLedgerModule] },
  audit: {
    command: 'billing:credit',
    target: (options) => ({ consumerId: options.consumer, amount: String(options.amount) }),
  },
  async run(context, options) {
    const account = await context.get(BillingAccountsService).credit(options.consumer, options.amount);
    const { allowance } = account;
    return {
      json: account,
      human: summary(`Credited ${options.amount} to consumer ${account.consumerId}`, {
        balance: String(account.balance),
        [`allowance ${allowance.month}`]: `${allowance.used} of ${allowance.limit} used`,
      }),
    };
  },
};
