import { TypeOrmModule } from '@nestjs/typeorm';
import { Global, Module } from '@nestjs/common';
import { TenantsModule } from '../tenants/tenants.module';
import { BillingLedgerModule } from './billing-ledger.module';
import { BillingGuard } from './billing.guard';
import { ChargeRefundInterceptor } from './charge-refund.interceptor';
import { UsageRecord } from './usage-record.entity';
import { UsageRetention } from './usage-retention';
import { UsageMeter } from './usage.meter';

/**
 * Billing in the request pipeline: the usage meter, the pre-check guard and refund interceptor that `@Auth` applies to
 * billable routes. Global, so that every module's `@Auth` routes find the guard and interceptor and what they need.
 */
@Global()
@Module({
  imports: [BillingLedgerModule, TenantsModule, TypeOrmModule.forFeature([UsageRecord])],
  providers: [UsageMeter, BillingGuard, ChargeRefundInterceptor, UsageRetention],
  exports: [BillingLedgerModule, UsageMeter, BillingGuard, ChargeRefundInterceptor],
})
export class BillingModule {}
