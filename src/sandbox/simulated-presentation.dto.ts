import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SANDBOX_CREDENTIALS, type SandboxCredential } from '../eudi/sandbox-credentials';
import { SANDBOX_PID_STATUSES, type SandboxPidStatus } from '../eudi/sandbox-status-list';
import { SimulatedHolderDto } from './simulated-holder.dto';

export class SimulatedPresentationDto extends SimulatedHolderDto {
  @ApiPropertyOptional({
    description:
      "What the test person's wallet presents: their PID as SD-JWT VC (the default) or ISO mdoc, or (`av_mdoc`) an EU " +
      'age attestation (`eu.europa.ec.av.1` mdoc) of their age, for a flow asking the `age` claims alone',
    enum: SANDBOX_CREDENTIALS,
    example: 'mso_mdoc',
  })
  @IsOptional()
  @IsIn(SANDBOX_CREDENTIALS, { message: `format must be one of ${SANDBOX_CREDENTIALS.join(', ')}` })
  format?: SandboxCredential;

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
