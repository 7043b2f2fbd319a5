import { Body, Controller, Post, Res, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../access/auth.decorator';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { type CredentialRule, ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import type { ApiVersion } from '../common/envelope/envelope';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { Versioned } from '../platform/versioned.decorator';
import type { StartMode } from '../flows/flow-kind';
import { IDENTIFICATION_EXAMPLES } from './identification-examples';
import { IDENTIFICATION_SCOPES } from './identification-scopes';
import { DifferentDeviceIdentificationDto } from './different-device-identification.dto';
import { SameDeviceIdentificationDto } from './same-device-identification.dto';
import { WildcardIdentificationDto } from './wildcard-identification.dto';
import { WalletIdentificationDto } from './wallet-identification.dto';
import { IdentificationCreated, IdentificationService } from './identification.service';
import { IDENTIFICATION_CREATED_SCHEMAS } from './identification.schemas';

const SUMMARIES: Record<StartMode, string> = {
  'same-device': 'Identify the person on this device: returns a link that opens their digital-ID app',
  'different-device': "Identify a known NIN: the flow is pushed to that person's registered devices",
  wildcard: 'Identify an unknown person: returns QR seeds; the first scan wins',
  wallet:
    "Identify a person with their EU Digital Identity Wallet's PID (OpenID4VP 1.0): returns the openid4vp:// request",
};

/** One operation of the table, under v2 and v1: each version's credentials, and the scope, billing and documentation. */
function IdentificationRoute(startMode: StartMode, credentials: (version: ApiVersion) => CredentialRule) {
  return Versioned(['v2', 'v1'], (version) => identificationRoute(startMode, version, credentials(version)));
}

function identificationRoute(startMode: StartMode, version: ApiVersion, credentials: CredentialRule) {
  return applyDecorators(
    Post(`${version}/identification/${startMode}`),
    Auth({ ...credentials, scope: IDENTIFICATION_SCOPES[startMode], billing: 'authentication', idempotent: true }),
    Reason('Identification flow created'),
    ApiOperation({ summary: SUMMARIES[startMode] }),
    ApiEnvelope({
      status: 201,
      description: 'The flow; track it with ping, SSE or polling',
      reason: 'Identification flow created',
      version,
      schema: IDENTIFICATION_CREATED_SCHEMAS[startMode],
      data: IDENTIFICATION_EXAMPLES[startMode],
    }),
    ApiValidationFailure(
      { path: ['claims'], message: 'naming.shoesize is not a known claim', code: 'custom' },
      version,
    ),
    ApiFailure(403, 'The app lacks the scope, or a claim group it is not provisioned for', 'contact support', version),
    ...(startMode === 'different-device'
      ? [
          ApiResponse({
            status: 201,
            headers: {
              [CREDENTIAL_HEADERS.token]: { description: 'An access token for v1 routes', schema: { type: 'string' } },
            },
          }),
          ApiFailure(
            400,
            'The NIN has no digital ID',
            'The national has no digital ID; offer signup or a wildcard flow instead',
            version,
          ),
        ]
      : []),
  );
}

/** Identification flows (spec 4.2), v2 and the v1 mirror. */
@ApiTags('identification')
@Controller('api')
export class IdentificationController {
  constructor(private readonly identification: IdentificationService) {}

  @IdentificationRoute('same-device', (version) => ROUTE_CREDENTIALS.identification[version].sameDevice)
  sameDevice(
    @Body() body: SameDeviceIdentificationDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<IdentificationCreated> {
    return this.identification.start(principal, 'same-device', body, client);
  }

  @IdentificationRoute('different-device', (version) => ROUTE_CREDENTIALS.identification[version].differentDevice)
  differentDevice(
    @Body() body: DifferentDeviceIdentificationDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IdentificationCreated> {
    return this.withTokenHeader(this.identification.start(principal, 'different-device', body, client), response);
  }

  @IdentificationRoute('wildcard', (version) => ROUTE_CREDENTIALS.identification[version].wildcard)
  wildcard(
    @Body() body: WildcardIdentificationDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<IdentificationCreated> {
    return this.identification.start(principal, 'wildcard', body, client);
  }

  @Versioned(['v2'], (version) =>
    identificationRoute('wallet', version, ROUTE_CREDENTIALS.identification.v2.sameDevice),
  )
  wallet(
    @Body() body: WalletIdentificationDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<IdentificationCreated> {
    return this.identification.start(principal, 'wallet', body, client);
  }

  private async withTokenHeader(
    created: Promise<IdentificationCreated>,
    response: Response,
  ): Promise<IdentificationCreated> {
    const result = await created;
    if (result.token) response.setHeader(CREDENTIAL_HEADERS.token, result.token);
    return result;
  }
}
