import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenantsModule } from '../tenants/tenants.module';
import { AllowanceUsage } from './allowance-usage.entity';
import { AllowanceUsageRepository } from './allowance-usage.repository';
import { BillingAccountsService } from './billing-accounts.service';
import { BillingBalance } from './billing-balance.entity';
import { BillingBalanceRepository } from './billing-balance.repository';
import { UsageRecord } from './usage-record.entity';
import { UsageRecordRepository } from './usage-record.repository';
import { UsageReportService } from './usage-report.service';
import { UsageService } from './usage.service';

/** Balances, allowances and usage records, shared by the request pipeline, the admin API and the CLI; no routes. */
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord, BillingBalance, AllowanceUsage]), TenantsModule],
  providers: [
    BillingAccountsService,
    UsageService,
    UsageReportService,
    BillingBalanceRepository,
    AllowanceUsageRepository,
    UsageRecordRepository,
  ],
  exports: [BillingAccountsService, UsageService, UsageReportService],
})
export class BillingLedgerModule {}
