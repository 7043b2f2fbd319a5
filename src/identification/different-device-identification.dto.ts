import { ApiProperty } from '@nestjs/swagger';
import { VerificationField, type VerificationMode } from '../flows/verification-mode';
import { IsNin } from '../common/validation/is-nin';
import { Required } from '../common/validation/required';
import { IdentificationDto } from './identification.dto';

export class DifferentDeviceIdentificationDto extends IdentificationDto {
  @ApiProperty({ description: 'NIN of the person to ask (at least 11 characters)', example: '10000000001' })
  @Required('user')
  @IsNin('user')
  user: string;

  @VerificationField()
  verification?: VerificationMode;
}
