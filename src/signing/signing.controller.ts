import { Body, Controller, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { type CredentialRule, ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import type { ApiVersion } from '../common/envelope/envelope';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { Versioned } from '../platform/versioned.decorator';
import type { StartMode } from '../flows/flow-kind';
import type { Scope } from '../tenants/scopes';
import { SIGNING_EXAMPLES } from './signing-examples';
import { DifferentDeviceSigningDto } from './different-device-signing.dto';
import { TargetedSigningDto } from './targeted-signing.dto';
import { WildcardSigningDto } from './wildcard-signing.dto';
import { WalletSigningDto } from './wallet-signing.dto';
import { SigningCreated, SigningService } from './signing.service';
import { SIGNING_CREATED_SCHEMAS } from './signing.schemas';

const SCOPES: Record<StartMode, Scope> = {
  'same-device': 'signing:same',
  wallet: 'signing:same',
  'different-device': 'signing:another',
  wildcard: 'signing:wildcard',
};

const SUMMARIES: Record<StartMode, string> = {
  'same-device': 'Have the person on this device sign or confirm a text: returns a link that opens their app',
  'different-device': "Have a known NIN sign or confirm a text: the flow is pushed to that person's devices",
  wildcard: 'Have whoever scans first sign or confirm a text: returns QR seeds',
  wallet:
    'Have a person approve a payment or confirm a text with their EU Digital Identity Wallet (OpenID4VP 1.0 transaction data): returns the openid4vp:// request',
};

/** One operation of the table, under the versions that serve it: each one's credentials, and the rest. */
function SigningRoute(
  startMode: StartMode,
  versions: readonly [ApiVersion, ...ApiVersion[]],
  credentials: (version: ApiVersion) => CredentialRule,
) {
  return Versioned(versions, (version) => signingRoute(startMode, version, credentials(version)));
}

function signingRoute(startMode: StartMode, version: ApiVersion, credentials: CredentialRule) {
  return applyDecorators(
    Post(`${version}/signing/${startMode}`),
    Auth({ ...credentials, scope: SCOPES[startMode], billing: 'signature', idempotent: true }),
    Reason('Signing flow created'),
    ApiOperation({ summary: SUMMARIES[startMode] }),
    ApiEnvelope({
      status: 201,
      description: 'The flow; track it with ping or SSE, and (for `sign`) the webhook',
      reason: 'Signing flow created',
      version,
      schema: SIGNING_CREATED_SCHEMAS[startMode],
      data: SIGNING_EXAMPLES[startMode],
    }),
    ApiValidationFailure(
      { path: ['webhook'], message: 'webhook is required when action is sign', code: 'custom' },
      version,
    ),
    ApiFailure(
      403,
      'The app lacks the scope',
      `This app is not provisioned for the ${SCOPES[startMode]} scope; contact support to enable it`,
      version,
    ),
    ...(startMode === 'wildcard' || startMode === 'wallet'
      ? []
      : [
          ApiFailure(
            400,
            'The NIN has no digital ID',
            'The national has no digital ID; offer signup or a wildcard flow instead',
            version,
          ),
        ]),
  );
}

/** Signing flows (spec 4.3): v2 in three start modes and the EU wallet, and the v1 mirror of the two targeted ones. */
@ApiTags('signing')
@Controller('api')
export class SigningController {
  constructor(private readonly signing: SigningService) {}

  @SigningRoute('same-device', ['v2', 'v1'], (version) => ROUTE_CREDENTIALS.signing[version].sameDevice)
  sameDevice(
    @Body() body: TargetedSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<SigningCreated> {
    return this.signing.start(principal, 'same-device', body, client);
  }

  @SigningRoute('different-device', ['v2', 'v1'], (version) => ROUTE_CREDENTIALS.signing[version].differentDevice)
  differentDevice(
    @Body() body: DifferentDeviceSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<SigningCreated> {
    return this.signing.start(principal, 'different-device', body, client);
  }

  @SigningRoute('wildcard', ['v2'], () => ROUTE_CREDENTIALS.signing.v2.wildcard)
  wildcard(
    @Body() body: WildcardSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<SigningCreated> {
    return this.signing.start(principal, 'wildcard', body, client);
  }

  @SigningRoute('wallet', ['v2'], () => ROUTE_CREDENTIALS.signing.v2.sameDevice)
  wallet(
    @Body() body: WalletSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<SigningCreated> {
    return this.signing.start(principal, 'wallet', body, client);
  }
}
