import { Controller, Get, Query } from '@nestjs/common';
import { USAGE_REPORT_SCHEMA } from '../billing/billing.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { USAGE_REPORT_EXAMPLE } from './billing-examples';
import { UsageQueryDto } from './billing.dto';
import { UsageReport, UsageReportService } from '../billing/usage-report.service';

/** The calling consumer's metered usage and account. */
@ApiTags('billing')
@Controller('api/v2/billing')
export class BillingController {
  constructor(private readonly reports: UsageReportService) {}

  @Get('usage')
  @Auth(ROUTE_CREDENTIALS.account)
  @Reason('Usage')
  @ApiOperation({
    summary: "The consumer's calls by day and category, with their cost, its balance and this month's allowance",
    description:
      'Every call with an API key of the consumer that was answered below 500 is metered, in the environment of the ' +
      'key that asks (live keys see production, test keys sandbox). `category` is the billing category of the route ' +
      '(`authentication` for identification creates, `signature` for signing and document creates, `none` for routes ' +
      'that are never billed). Costs and the balance are in minor units. Days are UTC. Usage is written in batches, ' +
      'so the last second of calls may not show yet.',
  })
  @ApiEnvelope({
    description: 'The usage report',
    reason: 'Usage',
    schema: USAGE_REPORT_SCHEMA,
    data: USAGE_REPORT_EXAMPLE,
  })
  @ApiValidationFailure({ path: ['from'], message: 'from must be a date written YYYY-MM-DD', code: 'custom' })
  usage(@Query() query: UsageQueryDto, @CurrentPrincipal() principal: Principal): Promise<UsageReport> {
    return this.reports.forIntegrator(principal, query);
  }
}
