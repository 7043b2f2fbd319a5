import { Global, Module } from '@nestjs/common';
import { TenantsModule } from '../tenants/tenants.module';
import { BillingLedgerModule } from './billing-ledger.module';
import { BillingInterceptor } from './billing.interceptor';
import { UsageRetention } from './usage-retention';
import { UsageMeter } from './usage.meter';

/**
 * Billing in the request pipeline: the usage meter, and the interceptor that `@Auth` applies to billable routes, which
 * charges a call and refunds it when it fails. Global, so that every module's `@Auth` routes find the interceptor.
 */
@Global()
@Module({
  imports: [BillingLedgerModule, TenantsModule],
  providers: [UsageMeter, BillingInterceptor, UsageRetention],
  exports: [BillingLedgerModule, UsageMeter, BillingInterceptor],
})
export class BillingModule {}
