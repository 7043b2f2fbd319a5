import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublishedCertificate } from '../common/openapi/published-certificate.decorator';
import { SandboxSigningKeys } from './sandbox-signing-keys.service';

/** The sandbox signing provider's CA, for a validator's trust list. */
@ApiTags('signing-provider')
@Controller('.well-known')
export class SigningCaController {
  constructor(private readonly keys: SandboxSigningKeys) {}

  @PublishedCertificate('idflow-signing-ca.pem', {
    summary: "The sandbox signing provider's CA certificate, which signees' own sandbox certificates chain up to",
    description:
      "Add it to a validator as a trusted root (with `idflow-seal-ca.pem` for the seal) and the signees' signatures " +
      'of a sandbox document signed `advanced` show as trusted. It certifies synthetic test persons only.',
  })
  caPem(): Promise<string> {
    return this.keys.caPem();
  }
}
