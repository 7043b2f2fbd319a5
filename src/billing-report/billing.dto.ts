import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsCalendarDate } from '../billing/is-calendar-date.validator';
import { MAX_REPORT_DAYS } from '../billing/usage-period';

export class UsageQueryDto {
  @ApiPropertyOptional({
    description: "First day of the report (UTC, included); default: the first day of `to`'s month",
    example: '2025-11-01',
    format: 'date',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    description: `Last day of the report (UTC, included), not before \`from\` and at most ${MAX_REPORT_DAYS} days after it; default: today`,
    example: '2025-11-30',
    format: 'date',
  })
  @IsOptional()
  @IsCalendarDate()
  to?: string;
}
