import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { MONTH_PATTERN } from '../billing/billing-calendar';
import { MAX_MINOR_UNITS } from '../billing/minor-units';

export class ConsumerIdParamDto {
  @ApiProperty({ description: 'The consumer id', example: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa' })
  @Matches(/^bcn_[0-9A-Za-z]+$/, { message: 'consumerId must be a consumer id (bcn_...)' })
  consumerId: string;
}

export class CreditDto {
  @ApiProperty({
    description: 'Amount to add to the prepaid balance, in minor units (a positive whole number)',
    example: 10000,
    type: 'integer',
    minimum: 1,
    maximum: MAX_MINOR_UNITS,
  })
  @IsInt({ message: 'amount must be a whole number of minor units' })
  @Min(1, { message: 'amount must be at least 1' })
  @Max(MAX_MINOR_UNITS, { message: `amount must be at most ${MAX_MINOR_UNITS}` })
  amount: number;
}

export class UsageMonthQueryDto {
  @ApiPropertyOptional({
    description: 'Calendar month (UTC), `YYYY-MM`; default: the current month',
    example: '2025-11',
  })
  @IsOptional()
  @Matches(MONTH_PATTERN, { message: 'month must be a month written YYYY-MM' })
  month?: string;
}
