import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PID_FORMATS, type PidFormat } from '../eudi/pid-claims';
import { SANDBOX_PID_STATUSES, type SandboxPidStatus } from '../eudi/sandbox-status-list';
import { SimulatedHolderDto } from './simulated-holder.dto';

export class SimulatedPresentationDto extends SimulatedHolderDto {
  @ApiPropertyOptional({
    description: "The form of the test person's PID: SD-JWT VC (the default) or ISO mdoc",
    enum: PID_FORMATS,
    example: 'mso_mdoc',
  })
  @IsOptional()
  @IsIn(PID_FORMATS, { message: `format must be one of ${PID_FORMATS.join(', ')}` })
  format?: PidFormat;

  @ApiPropertyOptional({
    description:
      "The PID's entry in the sandbox PID issuer's status list (SD-JWT VC only): `valid` by default, or `revoked` or " +
      "`suspended`, which the verifier refuses as it would a real issuer's",
    enum: SANDBOX_PID_STATUSES,
    example: 'revoked',
  })
  @IsOptional()
  @IsIn(SANDBOX_PID_STATUSES, { message: `status must be one of ${SANDBOX_PID_STATUSES.join(', ')}` })
  status?: SandboxPidStatus;
}
