import { Module } from '@nestjs/common';
import { BillingLedgerModule } from '../billing/billing-ledger.module';
import { BillingController } from './billing.controller';

/** The integrator's usage report route, above the route decorator that meters and bills every other route. */
@Module({
  imports: [BillingLedgerModule],
  controllers: [BillingController],
})
export class BillingReportModule {}
