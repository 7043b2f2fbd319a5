import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ENVIRONMENTS, Environment } from '../tenants/environment';
import { PERSON_VIEW_EXAMPLE } from './admin-examples';
import { IsNin } from '../common/validation/is-nin';

export class PersonParamsDto {
  @ApiProperty({ description: 'Environment of the person', enum: ENVIRONMENTS, example: 'production' })
  @IsIn(ENVIRONMENTS)
  environment: Environment;

  @ApiProperty({ description: 'NIN of the person', example: PERSON_VIEW_EXAMPLE.nin })
  @IsNin('nin')
  nin: string;
}
