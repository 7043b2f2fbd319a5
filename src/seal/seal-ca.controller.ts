import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { SealCredentialsService } from './seal-credentials.service';

@ApiTags('system')
@Controller('.well-known')
export class SealCaController {
  constructor(private readonly credentials: SealCredentialsService) {}

  @Get('idflow-seal-ca.pem')
  @Public()
  @RawResponse()
  @Header('content-type', 'application/x-pem-file')
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({
    summary: "The certificate that sealed documents chain up to, for a PDF validator's trust list",
    description:
      'The sandbox seal CA (or, with an operator PKCS#12, the root of its chain) in PEM. Add it to a validator as a ' +
      'trusted root and the seal of every completed document from this deployment shows as trusted.',
  })
  @ApiProduces('application/x-pem-file')
  @ApiOkResponse({
    description: 'One PEM certificate, not wrapped in the envelope',
    content: {
      'application/x-pem-file': {
        schema: { type: 'string' },
        example: '-----BEGIN CERTIFICATE-----\nMIIDSzCCAjOgAwIBAgIQ...\n-----END CERTIFICATE-----\n',
      },
    },
  })
  sealCa(): Promise<string> {
    return this.credentials.trustAnchorPem();
  }
}
