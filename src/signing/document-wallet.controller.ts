import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { DocumentWalletRequests } from './document-wallet-requests.service';
import { DocumentWalletDto } from './document-wallet.dto';
import { DOCUMENT_WALLET_EXAMPLE } from './signing-examples';
import { SIGNING_CREATED_SCHEMAS } from './signing.schemas';
import type { SigningCreated } from './signing.service';

const REASON = 'Wallet request created';

/** A document signee's approval with their EU wallet (v2 only): docs/documents.md. */
@ApiTags('document')
@Controller('api')
export class DocumentWalletController {
  constructor(private readonly requests: DocumentWalletRequests) {}

  @Post('v2/document/wallet')
  @Auth({ ...ROUTE_CREDENTIALS.document.v2, scope: 'document:sign' })
  @Reason(REASON)
  @ApiOperation({
    summary:
      'Have a signee of an `advanced` document approve it with their EU Digital Identity Wallet: returns the ' +
      'openid4vp:// request, whose transaction data authorizes a signature over the document’s SHA-256',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The wallet signing flow of the request; the document shows the signee signed once the wallet answers',
    reason: REASON,
    version: 'v2',
    schema: SIGNING_CREATED_SCHEMAS.wallet,
    data: DOCUMENT_WALLET_EXAMPLE,
  })
  @ApiValidationFailure(
    { path: ['nin'], message: 'nin must be the NIN of one of the document’s signees', code: 'custom' },
    'v2',
  )
  @ApiFailure(404, 'No such document, or one of another app', 'No such flow', 'v2')
  @ApiFailure(
    409,
    'The document has ended, the signee has acted, or it is not their turn',
    'It is not this signee’s turn yet: it is the turn of Adaeze Okonkwo to sign first',
    'v2',
  )
  start(
    @Body() body: DocumentWalletDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<SigningCreated> {
    return this.requests.start(principal, body, client);
  }
}
