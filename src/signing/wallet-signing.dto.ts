import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { PageOrigin } from '../eudi/page-origin';
import { TransactionIntendedUse } from './transaction-intended-use.decorator';
import { PaymentDto } from './payment.dto';
import { SigningDto } from './signing.dto';

/**
 * A signing flow the person answers with their EU Digital Identity Wallet: the text (or the payment) goes to the
 * wallet as OpenID4VP transaction data, and their PID's key binding JWT must bind it.
 */
export class WalletSigningDto extends SigningDto {
  @ApiPropertyOptional({
    type: PaymentDto,
    description:
      'A payment the person approves: their wallet shows the payee, amount and currency (TS12 payment ' +
      'confirmation, `urn:eudi:sca:payment:1`). Left out, the wallet shows `payload` as the action confirmed ' +
      "(`urn:eudi:sca:login_risk_transaction:1`). `payload` stays the flow's own text either way",
  })
  @IsOptional()
  @IsObject({ message: 'payment must be an object { payee, amount, currency }' })
  @ValidateNested()
  @Type(() => PaymentDto)
  payment?: PaymentDto;

  @PageOrigin()
  origin?: string;

  @TransactionIntendedUse('payments')
  intendedUse?: string;
}
