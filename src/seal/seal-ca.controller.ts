import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { NotFoundError } from '../common/errors/not-found.error';
import { Consumes } from '../common/http/consumes.decorator';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { PublishedCertificate } from '../common/openapi/published-certificate.decorator';
import { Public } from '../common/route-access/public.decorator';
import type { RevocationResponder } from './revocation-responder';
import { SealCredentialsService } from './seal-credentials.service';

const NO_RESPONDER =
  "This deployment's seal CA publishes no revocation data (an operator's PKCS#12, or a sandbox seal made before " +
  'revocation services existed)';

const binary = { type: 'string', format: 'binary' } as const;
/** DER is binary: the example says what the bytes are. */
const DER_EXAMPLE = '<DER bytes>';
const PUBLISHED = 'public, max-age=300';

/** DER as it is: the exact media type, which OCSP clients compare whole, and no charset. */
function sendDer(response: Response, type: string, der: Buffer, cacheControl: string): void {
  response
    .status(200)
    .setHeader('content-type', type)
    .setHeader('cache-control', cacheControl)
    .setHeader('content-length', String(der.length))
    .end(der);
}

@ApiTags('system')
@Controller('.well-known')
export class SealCaController {
  constructor(private readonly credentials: SealCredentialsService) {}

  @PublishedCertificate('idflow-seal-ca.pem', {
    summary: "The certificate that sealed documents chain up to, for a PDF validator's trust list",
    description:
      'The sandbox seal CA (or, with an operator PKCS#12, the root of its chain) in PEM. Add it to a validator as a ' +
      'trusted root and the seal of every completed document from this deployment shows as trusted.',
  })
  sealCa(): Promise<string> {
    return this.credentials.trustAnchorPem();
  }

  @Get('idflow-seal-ca.cer')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: "The seal CA's certificate in DER, where the seal certificate's AIA caIssuers points",
    description: 'The same certificate as `idflow-seal-ca.pem`, in the form RFC 5280 4.2.2.1 asks of caIssuers.',
  })
  @ApiProduces('application/pkix-cert')
  @ApiRateLimited()
  @ApiOkResponse({
    description: 'One DER certificate',
    content: { 'application/pkix-cert': { schema: binary, example: DER_EXAMPLE } },
  })
  async sealCaDer(@Res() response: Response): Promise<void> {
    const [anchor] = (await this.credentials.credential()).trustAnchors;
    sendDer(response, 'application/pkix-cert', Buffer.from(anchor.toSchema(true).toBER(false)), PUBLISHED);
  }

  @Get('idflow-seal-ca.crl')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: "The sandbox seal CA's certificate revocation list (RFC 5280), DER",
    description: "The seal certificate's CRL distribution point. 404 when the seal CA publishes no revocation data.",
  })
  @ApiProduces('application/pkix-crl')
  @ApiRateLimited()
  @ApiFailure(404, 'The seal CA publishes no revocation data', NO_RESPONDER)
  @ApiOkResponse({
    description: 'A DER CRL signed by the seal CA',
    content: { 'application/pkix-crl': { schema: binary, example: DER_EXAMPLE } },
  })
  async crl(@Res() response: Response): Promise<void> {
    sendDer(response, 'application/pkix-crl', await (await this.responder()).crl(), PUBLISHED);
  }

  @Post('idflow-seal-ca/ocsp')
  @Public()
  @RawResponse()
  @HttpCode(200)
  @ApiOperation({
    summary: "The sandbox seal CA's OCSP responder (RFC 6960), by POST",
    description:
      "The seal certificate's AIA OCSP address. Send a DER OCSPRequest as `application/ocsp-request`; the answer, " +
      'signed by the seal CA, says `good`, `revoked` or `unknown` for each certificate asked about (a body that is ' +
      'not a request gets the `malformedRequest` status). 404 when the seal CA publishes no revocation data.',
  })
  @Consumes('application/ocsp-request')
  @ApiProduces('application/ocsp-response')
  @ApiRateLimited()
  @ApiFailure(404, 'The seal CA publishes no revocation data', NO_RESPONDER)
  @ApiOkResponse({
    description: 'A DER OCSPResponse',
    content: { 'application/ocsp-response': { schema: binary, example: DER_EXAMPLE } },
  })
  async ocspPost(@Req() request: Request, @Res() response: Response): Promise<void> {
    const body: unknown = request.body;
    const answer = await (await this.responder()).ocsp(Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    sendDer(response, 'application/ocsp-response', answer, 'no-store');
  }

  @Get('idflow-seal-ca/ocsp/:request')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: "The sandbox seal CA's OCSP responder (RFC 6960), by GET",
    description: 'The DER OCSPRequest base64-encoded then URL-encoded into the path (RFC 6960 A.1).',
  })
  @ApiProduces('application/ocsp-response')
  @ApiRateLimited()
  @ApiFailure(404, 'The seal CA publishes no revocation data', NO_RESPONDER)
  @ApiOkResponse({
    description: 'A DER OCSPResponse',
    content: { 'application/ocsp-response': { schema: binary, example: DER_EXAMPLE } },
  })
  async ocspGet(@Param('request') encoded: string, @Res() response: Response): Promise<void> {
    const answer = await (await this.responder()).ocsp(Buffer.from(encoded, 'base64'));
    sendDer(response, 'application/ocsp-response', answer, 'no-store');
  }

  private async responder(): Promise<RevocationResponder> {
    const responder = await this.credentials.revocationResponder();
    if (!responder) throw new NotFoundError(NO_RESPONDER);
    return responder;
  }
}
