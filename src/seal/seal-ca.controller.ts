import { Controller, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { NotFoundError } from '../common/errors/not-found.error';
import { PublishedCertificate } from '../common/openapi/published-certificate.decorator';
import {
  type CaDescription,
  CaCertificateRoute,
  CaCrlRoute,
  CaOcspGetRoute,
  CaOcspPostRoute,
  caAnswers,
} from './ca-publication';
import type { RevocationResponder } from './revocation-responder';
import { SEAL_CA_NAME, SealCredentialsService } from './seal-credentials.service';

const NO_RESPONDER =
  "This deployment's seal CA publishes no revocation data (an operator's PKCS#12, or a sandbox seal made before " +
  'revocation services existed)';

const SEAL_CA: CaDescription = {
  ca: 'The sandbox seal CA',
  pointedAtBy: "The seal certificate's",
  unavailable: NO_RESPONDER,
};

@ApiTags('system')
@Controller('.well-known')
export class SealCaController {
  constructor(private readonly credentials: SealCredentialsService) {}

  @PublishedCertificate(`${SEAL_CA_NAME}.pem`, {
    summary: "The certificate that sealed documents chain up to, for a PDF validator's trust list",
    description:
      'The sandbox seal CA (or, with an operator PKCS#12, the root of its chain) in PEM. Add it to a validator as a ' +
      'trusted root and the seal of every completed document from this deployment shows as trusted.',
  })
  sealCa(): Promise<string> {
    return this.credentials.trustAnchorPem();
  }

  @CaCertificateRoute(SEAL_CA_NAME, { ...SEAL_CA, unavailable: undefined })
  async sealCaDer(@Res() response: Response): Promise<void> {
    caAnswers.certificate(response, (await this.credentials.credential()).trustAnchors[0]);
  }

  @CaCrlRoute(SEAL_CA_NAME, SEAL_CA)
  async crl(@Res() response: Response): Promise<void> {
    await caAnswers.crl(response, await this.responder());
  }

  @CaOcspPostRoute(SEAL_CA_NAME, SEAL_CA)
  async ocspPost(@Req() request: Request, @Res() response: Response): Promise<void> {
    await caAnswers.ocspPost(request, response, await this.responder());
  }

  @CaOcspGetRoute(SEAL_CA_NAME, SEAL_CA)
  async ocspGet(@Param('request') encoded: string, @Res() response: Response): Promise<void> {
    await caAnswers.ocspGet(encoded, response, await this.responder());
  }

  private async responder(): Promise<RevocationResponder> {
    const responder = await this.credentials.revocationResponder();
    if (!responder) throw new NotFoundError(NO_RESPONDER);
    return responder;
  }
}
