import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { PublicJwks, ServiceKeyService } from './service-key.service';

@ApiTags('system')
@Controller('.well-known')
export class JwksController {
  constructor(private readonly serviceKey: ServiceKeyService) {}

  @Get('jwks.json')
  @Public()
  @RawResponse()
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({
    summary: "The service's public signing keys (JWK Set), to verify stamps, tokens and signatures offline",
    description:
      'The Ed25519 key signs stamps, access tokens and receipts; the ES256 and RS256 keys sign the ID tokens of ' +
      '"Log in with OIDC" for clients that do not take EdDSA (the provider publishes the same set at /oidc/jwks).',
  })
  @ApiRateLimited()
  @ApiOkResponse({
    description: 'A JWK Set (RFC 7517), not wrapped in the envelope',
    schema: {
      example: {
        keys: [
          {
            kty: 'OKP',
            crv: 'Ed25519',
            x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
            kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
            alg: 'EdDSA',
            use: 'sig',
          },
        ],
      },
    },
  })
  jwks(): PublicJwks {
    return this.serviceKey.jwks();
  }
}
