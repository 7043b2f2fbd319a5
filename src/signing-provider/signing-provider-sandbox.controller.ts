import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { Reason } from '../common/envelope/envelope.decorator';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { object, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import {
  NO_SIGNER_CERTIFICATE,
  SandboxSignerRevocations,
  type SignerRevocation,
} from './sandbox-signer-revocations.service';
import { SignerRevocationDto } from './signer-revocation.dto';

const LIVE_KEY_REFUSED =
  'The sandbox signing provider serves sandbox apps only: this bk-live_ key belongs to a production app; use a bk-test_ key';

const SIGNER_REVOCATION_SCHEMA = namedSchema(
  'SignerRevocation',
  object({
    nin: string('The test person'),
    revoked: string('Serial number (hex) of the revoked signer certificate'),
    revokedAt: unixSeconds('When it was revoked'),
  }),
);

/** What an integrator does to the sandbox signing provider that a real provider's own processes would do. */
@ApiTags('sandbox')
@Controller('api/v2/sandbox/signing-provider')
export class SigningProviderSandboxController {
  constructor(private readonly revocations: SandboxSignerRevocations) {}

  @Post('revoke')
  @Auth(ROUTE_CREDENTIALS.sandbox)
  @Reason('Signer certificate revoked')
  @ApiOperation({
    summary: "Revoke a test person's signer certificate at the sandbox signing provider, now",
    description:
      "As a provider does when a signer reports their key lost: the signing CA's OCSP answers and CRL name the " +
      'certificate revoked from now on and `/verify` says so for every signature made with it (trusted still where a ' +
      "document timestamp proves the signature was made before). The person's next signature is made with a new " +
      'key and certificate. docs/documents.md describes it.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The serial number (hex) of the revoked certificate and when it was revoked',
    reason: 'Signer certificate revoked',
    schema: SIGNER_REVOCATION_SCHEMA,
    data: { nin: '10000000001', revoked: '5f0c2a9d41be7c13a8e6d2f49b07c1e3', revokedAt: 1763790000 },
  })
  @ApiValidationFailure({
    path: ['nin'],
    message: 'nin must be at least 11 characters',
    code: 'too_small',
  })
  @ApiFailure(403, 'A live (bk-live_) key: the sandbox signing provider serves sandbox apps only', LIVE_KEY_REFUSED)
  @ApiFailure(404, 'The person has no signer certificate (they never signed `advanced`)', NO_SIGNER_CERTIFICATE)
  revoke(@Body() body: SignerRevocationDto, @CurrentPrincipal() principal: Principal): Promise<SignerRevocation> {
    if (principal.app.environment !== 'sandbox') throw new ForbiddenError(LIVE_KEY_REFUSED);
    return this.revocations.revoke(body.nin);
  }
}
