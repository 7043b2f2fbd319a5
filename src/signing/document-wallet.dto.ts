import { ApiProperty } from '@nestjs/swagger';
import { IsNin } from '../common/validation/is-nin';
import { Required } from '../common/validation/required';
import { DocumentRefreshDto } from '../documents/document-refresh.dto';
import { PageOrigin } from '../eudi/page-origin';
import { TransactionIntendedUse } from './transaction-intended-use.decorator';

/** A document signee's approval with their EU Digital Identity Wallet, asked for by the app that made the document. */
export class DocumentWalletDto extends DocumentRefreshDto {
  @ApiProperty({
    description:
      "The signee who approves with their EU wallet: their wallet's PID must carry this NIN " +
      '(`personal_administrative_number`)',
    example: '10000000001',
  })
  @Required('nin')
  @IsNin('nin')
  nin: string;

  @PageOrigin()
  origin?: string;

  @TransactionIntendedUse('contract-signing')
  intendedUse?: string;
}
