import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Required } from '../common/validation/required';
import { SigningWebhookDto } from '../webhooks/signing-webhook.dto';
import { DocumentFileDto } from './document-file.dto';
import { DocumentRemindersDto } from './document-reminders.dto';
import { Nested } from './documents-fields';
import { DOCUMENT_SIGNATURES, type DocumentSignature } from './document-signature';
import { SIGNING_ORDERS, type SigningOrder } from './signee-status';

/** Shared by both creates (spec 4.5): the file and the webhook. */
export class DocumentDto {
  @ApiProperty({ type: DocumentFileDto })
  @Required('file')
  @Nested('file', () => DocumentFileDto)
  file: DocumentFileDto;

  @ApiProperty({ description: 'HTTPS callback and your correlation id', type: SigningWebhookDto })
  @Required('webhook')
  @Nested('webhook', () => SigningWebhookDto)
  webhook: SigningWebhookDto;

  @ApiPropertyOptional({
    enum: SIGNING_ORDERS,
    default: 'parallel',
    description:
      '`parallel`: every signee is asked at once. `sequential`: one step at a time, in list order (or by each review ' +
      "signee's `order`); the others wait, and anyone out of turn is refused with 409",
  })
  @IsOptional()
  @IsIn(SIGNING_ORDERS, { message: `signingOrder must be one of ${SIGNING_ORDERS.join(', ')}` })
  signingOrder?: SigningOrder;

  @ApiPropertyOptional({
    enum: DOCUMENT_SIGNATURES,
    default: 'seal',
    description:
      "`seal`: idflow's PAdES seal over the stamped copy, each signee's approval recorded beside it. `advanced`: each " +
      "signee's own PAdES signature by their certificate from a CSC API v2 remote signing provider (SIGNING_PROVIDERS; " +
      'in the sandbox, the one idflow serves), one incremental update per signee in signing order, the seal after them',
  })
  @IsOptional()
  @IsIn(DOCUMENT_SIGNATURES, { message: `signature must be one of ${DOCUMENT_SIGNATURES.join(', ')}` })
  signature?: DocumentSignature;

  @ApiPropertyOptional({
    type: DocumentRemindersDto,
    description:
      'Remind the signees of the current step who have not signed: re-pushed to their devices, with a ' +
      '`document.signee.reminded` webhook; none when absent. Every open document also sends `document.expiring` ' +
      'once, DOCUMENT_EXPIRY_WARNING_SECONDS (24 hours) before it expires',
  })
  @IsOptional()
  @Nested('reminders', () => DocumentRemindersDto)
  reminders?: DocumentRemindersDto;
}
