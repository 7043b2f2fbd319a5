import { VerificationField, type VerificationMode } from '../flows/verification-mode';
import { TargetedSigningDto } from './targeted-signing.dto';

export class DifferentDeviceSigningDto extends TargetedSigningDto {
  @VerificationField()
  verification?: VerificationMode;
}
