import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { MONTH_PATTERN } from '../billing/billing-calendar';

export class UsageMonthQueryDto {
  @ApiPropertyOptional({
    description: 'Calendar month (UTC), `YYYY-MM`; default: the current month',
    example: '2025-11',
  })
  @IsOptional()
  @Matches(MONTH_PATTERN, { message: 'month must be a month written YYYY-MM' })
  month?: string;
}
