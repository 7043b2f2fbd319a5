import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';
import { IsNin } from '../common/validation/is-nin';
import { NIN_MAX_LENGTH, NIN_MIN_LENGTH, NIN_PATTERN } from '../common/validation/nin-rule';
import { OPERATOR_ROLES, type OperatorRole } from '../operators/operator-role';
import { DISPLAY_NAME_MAX_LENGTH } from './person-rules';
import { OPERATOR_VIEW_EXAMPLE } from './operator-examples';

export class AddOperatorDto {
  @ApiProperty({
    description: 'NIN of the person who will sign in to the console with their digital ID',
    example: OPERATOR_VIEW_EXAMPLE.nin,
    minLength: NIN_MIN_LENGTH,
    maxLength: NIN_MAX_LENGTH,
    pattern: NIN_PATTERN.source,
  })
  @IsNin('nin')
  nin: string;

  @ApiProperty({ description: 'Their name, as operators see it', example: OPERATOR_VIEW_EXAMPLE.name })
  @IsString()
  @MinLength(1)
  @MaxLength(DISPLAY_NAME_MAX_LENGTH)
  @HasNoNul('name')
  name: string;

  @ApiProperty({
    description: '`owner` everything, `operator` consumers, apps, keys and webhooks, `viewer` read only',
    enum: OPERATOR_ROLES,
    example: OPERATOR_VIEW_EXAMPLE.role,
  })
  @IsIn(OPERATOR_ROLES)
  role: OperatorRole;
}
