import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { OperatorsService } from '../operators/operators.service';
import { AddOperatorDto } from './add-operator.dto';
import { AdminOnly } from './admin-only.decorator';
import { ChangeOperatorRoleDto } from './change-operator-role.dto';
import { OPERATOR_VIEW_EXAMPLE } from './operator-examples';
import { OperatorIdParamDto } from './operator-id-param.dto';
import { OPERATOR_LIST_SCHEMA, OPERATOR_SCHEMA } from './operator.schemas';
import { operatorView } from './operator-views';
import type { OperatorView } from './admin-view-types';

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/operators')
export class AdminOperatorsController {
  constructor(private readonly operators: OperatorsService) {}

  @Post()
  @Reason('Operator added')
  @ApiOperation({ summary: 'Name a person an operator of this deployment, by NIN, with a role' })
  @ApiEnvelope({
    status: 201,
    description: 'The new operator',
    reason: 'Operator added',
    schema: OPERATOR_SCHEMA,
    data: OPERATOR_VIEW_EXAMPLE,
  })
  @ApiValidationFailure({
    path: ['role'],
    message: 'role must be one of the following values: owner, operator, viewer',
  })
  @ApiFailure(
    409,
    'This person is already an operator',
    'This person is already operator op_...; change their role instead',
  )
  async add(@Body() body: AddOperatorDto): Promise<OperatorView> {
    return operatorView(await this.operators.add(body.nin, body.name, body.role));
  }

  @Get()
  @Reason('Operators')
  @ApiOperation({ summary: 'List the operators, first named first' })
  @ApiEnvelope({
    description: 'The operators',
    reason: 'Operators',
    schema: OPERATOR_LIST_SCHEMA,
    data: { operators: [OPERATOR_VIEW_EXAMPLE] },
  })
  async list(): Promise<{ operators: OperatorView[] }> {
    return { operators: (await this.operators.list()).map(operatorView) };
  }

  @Patch(':operatorId')
  @Reason('Operator role changed')
  @ApiOperation({ summary: "Change an operator's role; the last owner keeps theirs" })
  @ApiEnvelope({
    description: 'The operator with their new role',
    reason: 'Operator role changed',
    schema: OPERATOR_SCHEMA,
    data: { ...OPERATOR_VIEW_EXAMPLE, role: 'viewer' },
  })
  @ApiFailure(404, 'No operator has this id', 'Operator does not exist')
  @ApiFailure(409, 'They are the last owner', 'This is the last owner: name another owner first')
  async changeRole(@Param() params: OperatorIdParamDto, @Body() body: ChangeOperatorRoleDto): Promise<OperatorView> {
    return operatorView(await this.operators.changeRole(params.operatorId, body.role));
  }

  @Delete(':operatorId')
  @Reason('Operator removed')
  @ApiOperation({ summary: 'Remove an operator; the last owner stays' })
  @ApiEnvelope({
    description: 'The operator as they were',
    reason: 'Operator removed',
    schema: OPERATOR_SCHEMA,
    data: OPERATOR_VIEW_EXAMPLE,
  })
  @ApiFailure(404, 'No operator has this id', 'Operator does not exist')
  @ApiFailure(409, 'They are the last owner', 'This is the last owner: name another owner first')
  async remove(@Param() params: OperatorIdParamDto): Promise<OperatorView> {
    return operatorView(await this.operators.remove(params.operatorId));
  }
}
