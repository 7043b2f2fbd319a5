import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { OPERATOR_VIEW_EXAMPLE } from './operator-examples';

export class OperatorIdParamDto {
  @ApiProperty({ description: 'The id of the operator', example: OPERATOR_VIEW_EXAMPLE.id })
  @Matches(/^op_[0-9A-Za-z]{1,29}$/, { message: 'operatorId must be an operator id (op_...)' })
  operatorId: string;
}
