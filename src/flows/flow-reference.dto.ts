import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Length } from 'class-validator';

export class FlowReferenceDto {
  @ApiProperty({
    description: 'The flow id (`req_...`, or `doc_...` for a document) from the create response',
    example: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
  })
  @IsDefined({ message: 'request is required' })
  @IsString()
  @Length(4, 64)
  request: string;
}
