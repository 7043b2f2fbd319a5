import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublishedCertificate } from '../common/openapi/published-certificate.decorator';
import { EudiCredentialsService } from './eudi-credentials.service';

/** The sandbox PID issuer's CA, for integrators' own test wallets and verifiers. */
@ApiTags('openid4vp')
@Controller('.well-known')
export class PidIssuerCaController {
  constructor(private readonly credentials: EudiCredentialsService) {}

  @PublishedCertificate('idflow-pid-issuer-ca.pem', {
    summary: "The sandbox PID issuer's CA certificate, which sandbox wallet flows trust",
    description:
      'The PIDs that `POST /api/v2/sandbox/flows/{id}/present` shows are issued under it; production flows trust only ' +
      "the operator's EUDI_TRUST_LIST_PATH.",
  })
  caPem(): Promise<string> {
    return this.credentials.sandboxPidIssuerCaPem();
  }
}
