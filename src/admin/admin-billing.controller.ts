import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { BILLING_ACCOUNT_SCHEMA, MONTHLY_USAGE_SCHEMA } from '../billing/billing.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { BillingAccount, BillingAccountsService } from '../billing/billing-accounts.service';
import type { MonthlyUsage } from '../billing/monthly-usage';
import { UsageService } from '../billing/usage.service';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { BILLING_ACCOUNT_EXAMPLE, MONTHLY_USAGE_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { ConsumerIdParamDto } from './consumer-id-param.dto';
import { CreditDto } from './credit.dto';
import { UsageMonthQueryDto } from './usage-month-query.dto';

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin')
export class AdminBillingController {
  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly usage: UsageService,
  ) {}

  @Post('consumers/:consumerId/credit')
  @Reason('Balance credited')
  @ApiOperation({
    summary:
      "Top up a consumer's prepaid balance, which pays for live billable calls beyond the free monthly allowance",
  })
  @ApiEnvelope({
    status: 201,
    description: "The consumer's balance after the top-up, and this month's allowance",
    reason: 'Balance credited',
    schema: BILLING_ACCOUNT_SCHEMA,
    data: BILLING_ACCOUNT_EXAMPLE,
  })
  @ApiValidationFailure({ path: ['amount'], message: 'amount must be at least 1', code: 'too_small' })
  @ApiFailure(404, 'No consumer has this id', 'Consumer bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa does not exist')
  credit(@Param() params: ConsumerIdParamDto, @Body() body: CreditDto): Promise<BillingAccount> {
    return this.accounts.credit(params.consumerId, body.amount);
  }

  @Get('billing/usage')
  @Reason('Usage')
  @ApiOperation({
    summary: "Every consumer's metered calls and costs in a calendar month, by environment and category",
  })
  @ApiEnvelope({
    description: 'The month, busiest consumer first',
    reason: 'Usage',
    schema: MONTHLY_USAGE_SCHEMA,
    data: MONTHLY_USAGE_EXAMPLE,
  })
  @ApiValidationFailure({ path: ['month'], message: 'month must be a month written YYYY-MM', code: 'invalid_string' })
  monthly(@Query() query: UsageMonthQueryDto): Promise<MonthlyUsage> {
    return this.usage.monthly(query.month);
  }
}
