import { ApiProperty } from '@nestjs/swagger';
import { Required } from '../common/validation/required';
import { SigningWebhookDto } from '../webhooks/signing-webhook.dto';
import { DocumentFileDto } from './document-file.dto';
import { Nested } from './documents-fields';

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
}
