import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_MINOR_UNITS } from '../billing/minor-units';

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
