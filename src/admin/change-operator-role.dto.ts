import { PickType } from '@nestjs/swagger';
import { AddOperatorDto } from './add-operator.dto';

export class ChangeOperatorRoleDto extends PickType(AddOperatorDto, ['role'] as const) {}
