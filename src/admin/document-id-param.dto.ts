import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class DocumentIdParamDto {
  @ApiProperty({
    description: 'The document id (`doc_...`) from the create response or a webhook',
    example: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q',
  })
  @Matches(/^doc_[0-9A-Za-z]{36,60}$/, { message: 'documentId must be a document id (doc_...)' })
  documentId: string;
}
