import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Length } from 'class-validator';

/** `?request=<flow id>`: the flow a GET route (the SSE stream, the QR frame) is about. */
export class FlowQueryDto {
  @ApiProperty({ description: 'The flow id', example: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4' })
  @IsDefined({ message: 'request is required' })
  @IsString()
  @Length(4, 64)
  request: string;
}
