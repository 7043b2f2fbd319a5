import { Controller, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublishedCertificate } from '../common/openapi/published-certificate.decorator';
import {
  type CaDescription,
  CaCertificateRoute,
  CaCrlRoute,
  CaOcspGetRoute,
  CaOcspPostRoute,
  caAnswers,
} from '../seal/ca-publication';
import { SandboxSignerRevocations } from './sandbox-signer-revocations.service';
import { SandboxSigningKeys } from './sandbox-signing-keys.service';
import { SIGNING_CA_NAME } from './signer-certificate';

const SIGNING_CA: CaDescription = { ca: 'The sandbox signing CA', pointedAtBy: "Each signer certificate's" };

/** The sandbox signing provider's CA, for a validator's trust list, and its revocation services. */
@ApiTags('signing-provider')
@Controller('.well-known')
export class SigningCaController {
  constructor(
    private readonly keys: SandboxSigningKeys,
    private readonly revocations: SandboxSignerRevocations,
  ) {}

  @PublishedCertificate(`${SIGNING_CA_NAME}.pem`, {
    summary: "The sandbox signing provider's CA certificate, which signees' own sandbox certificates chain up to",
    description:
      "Add it to a validator as a trusted root (with `idflow-seal-ca.pem` for the seal) and the signees' signatures " +
      'of a sandbox document signed `advanced` show as trusted. It certifies synthetic test persons only.',
  })
  caPem(): Promise<string> {
    return this.keys.caPem();
  }

  @CaCertificateRoute(SIGNING_CA_NAME, SIGNING_CA)
  async caDer(@Res() response: Response): Promise<void> {
    caAnswers.certificate(response, (await this.keys.authority()).certificate);
  }

  @CaCrlRoute(SIGNING_CA_NAME, SIGNING_CA)
  async crl(@Res() response: Response): Promise<void> {
    await caAnswers.crl(response, await this.revocations.responder());
  }

  @CaOcspPostRoute(SIGNING_CA_NAME, SIGNING_CA)
  async ocspPost(@Req() request: Request, @Res() response: Response): Promise<void> {
    await caAnswers.ocspPost(request, response, await this.revocations.responder());
  }

  @CaOcspGetRoute(SIGNING_CA_NAME, SIGNING_CA)
  async ocspGet(@Param('request') encoded: string, @Res() response: Response): Promise<void> {
    await caAnswers.ocspGet(encoded, response, await this.revocations.responder());
  }
}
