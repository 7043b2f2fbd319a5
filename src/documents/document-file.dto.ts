import { ApiProperty } from '@nestjs/swagger';
import { Required } from '../common/validation/required';
import { DisplayText, Text } from './documents-fields';

export class DocumentFileDto {
  @ApiProperty({
    description: 'A direct, publicly reachable HTTPS URL of the PDF (at most MAX_FILE_BYTES, default 25 MiB)',
    example: 'https://files.acme.example/contracts/1042.pdf',
  })
  @Required('file.url')
  @Text('file.url', 1, 2048)
  url: string;

  @ApiProperty({
    description: 'Display title of the document: plain text of one line (no control or format characters)',
    example: 'Service agreement 1042',
  })
  @Required('file.title')
  @DisplayText('file.title', 1, 200)
  title: string;
}
