import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { IsDisplayText } from '../common/validation/is-display-text';
import { Required } from '../common/validation/required';

/** Who is paid, as TS12's `payee` names them: the name the person reads, and the id the payment system uses. */
export class PayeeDto {
  @ApiProperty({ description: 'The name of the payee, shown to the person', example: 'Acme Shop', maxLength: 140 })
  @Required('payment.payee.name')
  @IsString()
  @Length(1, 140)
  @IsDisplayText('payment.payee.name')
  name: string;

  @ApiProperty({
    description: 'An identifier of the payee the payment system understands (an IBAN, a merchant id)',
    example: 'DE89370400440532013000',
    maxLength: 140,
  })
  @Required('payment.payee.id')
  @IsString()
  @Length(1, 140)
  @IsDisplayText('payment.payee.id')
  id: string;
}
