import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsPositive, Matches, Max, ValidateNested } from 'class-validator';
import { HasAtMostDecimals } from '../common/validation/has-at-most-decimals';
import { Required } from '../common/validation/required';
import { PayeeDto } from './payee.dto';

/** Large enough for any single payment, small enough that a JSON number keeps every minor unit exact. */
const MAX_AMOUNT = 1e12;

/**
 * A payment the person approves in their EU wallet, carried to it as TS12's payment confirmation
 * (`urn:eudi:sca:payment:1`) transaction data: the payee, the amount and its currency.
 */
export class PaymentDto {
  @ApiProperty({ type: PayeeDto })
  @Required('payment.payee')
  @IsObject({ message: 'payment.payee must be an object { name, id }' })
  @ValidateNested()
  @Type(() => PayeeDto)
  payee: PayeeDto;

  @ApiProperty({
    description: 'The amount in major units, with at most three decimals (ISO 4217 minor units)',
    example: 120,
    exclusiveMinimum: true,
    minimum: 0,
    maximum: MAX_AMOUNT,
  })
  @Required('payment.amount')
  @HasAtMostDecimals(3, 'payment.amount must be a number with at most three decimals')
  @IsPositive({ message: 'payment.amount must be more than 0' })
  @Max(MAX_AMOUNT, { message: `payment.amount must be at most ${MAX_AMOUNT}` })
  amount: number;

  @ApiProperty({ description: 'ISO 4217 alpha-3 currency code', example: 'EUR', pattern: '^[A-Z]{3}$' })
  @Required('payment.currency')
  @Matches(/^[A-Z]{3}$/, { message: 'payment.currency must be an ISO 4217 code of three capital letters, such as EUR' })
  currency: string;
}
