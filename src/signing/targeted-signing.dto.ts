import { ApiProperty } from '@nestjs/swagger';
import { IsNin } from '../common/validation/is-nin';
import { Required } from '../common/validation/required';
import { SigningDto } from './signing.dto';

export class TargetedSigningDto extends SigningDto {
  @ApiProperty({ description: 'NIN of the signer (at least 11 characters)', example: '10000000001' })
  @Required('nin')
  @IsNin('nin')
  nin: string;
}
