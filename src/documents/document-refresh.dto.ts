import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { Required } from '../common/validation/required';
import { DOCUMENT_ID_MIN_LENGTH } from './documents-fields';

export class DocumentRefreshDto {
  @ApiProperty({
    description: 'The document id (`doc_...`, at least 40 characters) from the create response or a webhook',
    example: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q',
  })
  @Required('flow')
  @IsString({ message: 'flow must be a string' })
  @Length(DOCUMENT_ID_MIN_LENGTH, 64, {
    message: `flow must be a document id of ${DOCUMENT_ID_MIN_LENGTH} to 64 characters`,
  })
  flow: string;
}
