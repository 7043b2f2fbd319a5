import { Global, Module } from '@nestjs/common';
import { TenantsModule } from '../tenants/tenants.module';
import { BillingLedgerModule } from './billing-ledger.module';
import { BillingGuard } from './billing.guard';
import { FailedCallRefund } from './failed-call-refund';
import { UsageRetention } from './usage-retention';
import { UsageMeter } from './usage.meter';

/**
 * Billing in the request pipeline: the usage meter, the pre-check guard that `@Auth` applies to billable routes, and
 * the refund of a failed call. Global, so that every module's `@Auth` routes find the guard and what it needs.
 */
@Global()
@Module({
  imports: [BillingLedgerModule, TenantsModule],
  providers: [UsageMeter, BillingGuard, FailedCallRefund, UsageRetention],
  exports: [BillingLedgerModule, UsageMeter, BillingGuard],
})
export class BillingModule {}
