import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';

export class FlowIdParamDto {
  @ApiProperty({ description: 'The flow id (`req_...` or `doc_...`)', example: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4' })
  @Matches(/^(req|doc)_[0-9A-Za-z]{1,60}$/, { message: 'flowId must be a flow id (req_... or doc_...)' })
  flowId: string;
}

export class FlowReferenceQueryDto {
  @ApiProperty({ description: 'The webhook reference the integrator gave the flow', example: 'order-1234' })
  @IsString()
  @MaxLength(200)
  @HasNoNul('reference')
  reference: string;
}
