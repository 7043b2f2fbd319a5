import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { ConsumerSigningProvidersService } from '../remote-signing/consumer-signing-providers.service';
import { CSC_BASE_URL_RULE } from '../remote-signing/csc-base-url';
import { AddSigningProviderDto } from './add-signing-provider.dto';
import { AdminOnly } from './admin-only.decorator';
import type { SigningProviderCheckView, SigningProviderView } from './admin-view-types';
import { ConsumerIdParamDto } from './consumer-id-param.dto';
import { ReplaceSigningProviderDto } from './replace-signing-provider.dto';
import { SigningProviderParamsDto } from './signing-provider-params.dto';
import {
  SIGNING_PROVIDER_CHECK_SCHEMA,
  SIGNING_PROVIDER_LIST_SCHEMA,
  SIGNING_PROVIDER_SCHEMA,
} from './signing-provider.schemas';
import { SIGNING_PROVIDER_VIEW_EXAMPLE, signingProviderView } from './signing-provider-views';

const UNKNOWN_CONSUMER = ApiFailure(
  404,
  'No consumer has this id',
  'Consumer bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa does not exist',
);
const UNKNOWN_PROVIDER = ApiFailure(
  404,
  'No consumer has this id, or it has no signing provider of this name',
  'Consumer bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa has no signing provider named acme-qtsp',
);
const BAD_BASE_URL = ApiValidationFailure({
  path: ['baseUrl'],
  message: `baseUrl must be ${CSC_BASE_URL_RULE}`,
  code: 'invalid_string',
});

/**
 * The CSC API v2 remote signing providers a consumer's `advanced` documents are signed at, per environment, in place
 * of the deployment's SIGNING_PROVIDERS (docs/documents.md).
 */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/consumers/:consumerId/signing-providers')
export class AdminSigningProvidersController {
  constructor(private readonly providers: ConsumerSigningProvidersService) {}

  @Post()
  @Reason('Signing provider added')
  @ApiOperation({
    summary: "Add a remote signing provider for the consumer's advanced documents of one environment",
    description:
      "The consumer's first provider of an environment signs its `advanced` documents of that environment, before " +
      'SIGNING_PROVIDERS and the sandbox provider. The client secret is sealed at rest and never answered.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The added provider, without its secret',
    reason: 'Signing provider added',
    schema: SIGNING_PROVIDER_SCHEMA,
    data: SIGNING_PROVIDER_VIEW_EXAMPLE,
  })
  @BAD_BASE_URL
  @UNKNOWN_CONSUMER
  @ApiFailure(409, 'The consumer has a signing provider of this name', 'The consumer has a signing provider named ...')
  async add(@Param() params: ConsumerIdParamDto, @Body() body: AddSigningProviderDto): Promise<SigningProviderView> {
    return signingProviderView(await this.providers.add(params.consumerId, body));
  }

  @Get()
  @Reason('Signing providers')
  @ApiOperation({ summary: "The consumer's signing providers, oldest first; secrets only as whether one is set" })
  @ApiEnvelope({
    description: 'The signing providers',
    reason: 'Signing providers',
    schema: SIGNING_PROVIDER_LIST_SCHEMA,
    data: { signingProviders: [SIGNING_PROVIDER_VIEW_EXAMPLE] },
  })
  @UNKNOWN_CONSUMER
  async list(@Param() params: ConsumerIdParamDto): Promise<{ signingProviders: SigningProviderView[] }> {
    return { signingProviders: (await this.providers.list(params.consumerId)).map(signingProviderView) };
  }

  @Put(':name')
  @Reason('Signing provider replaced')
  @ApiOperation({
    summary: "Replace a signing provider's settings whole: its address, client, environment, or a rotated secret",
  })
  @ApiEnvelope({
    description: 'The provider as it now is, without its secret',
    reason: 'Signing provider replaced',
    schema: SIGNING_PROVIDER_SCHEMA,
    data: { ...SIGNING_PROVIDER_VIEW_EXAMPLE, updatedAt: 1763789940 },
  })
  @BAD_BASE_URL
  @UNKNOWN_PROVIDER
  async replace(
    @Param() params: SigningProviderParamsDto,
    @Body() body: ReplaceSigningProviderDto,
  ): Promise<SigningProviderView> {
    return signingProviderView(await this.providers.replace(params.consumerId, params.name, body));
  }

  @Delete(':name')
  @Reason('Signing provider removed')
  @ApiOperation({ summary: "Remove a signing provider; the consumer's next documents are signed at the next in line" })
  @ApiEnvelope({
    description: 'The provider as it was, without its secret',
    reason: 'Signing provider removed',
    schema: SIGNING_PROVIDER_SCHEMA,
    data: SIGNING_PROVIDER_VIEW_EXAMPLE,
  })
  @UNKNOWN_PROVIDER
  async remove(@Param() params: SigningProviderParamsDto): Promise<SigningProviderView> {
    return signingProviderView(await this.providers.remove(params.consumerId, params.name));
  }

  @Post(':name/check')
  @HttpCode(200)
  @Reason('Signing provider checked')
  @ApiOperation({
    summary: "Ask the provider its CSC `info` and a token for idflow's client, and answer what it said",
    description: 'A provider that is down or refuses the client is answered 200 with `ok: false` and the problem.',
  })
  @ApiEnvelope({
    description: 'What the provider answered',
    reason: 'Signing provider checked',
    schema: SIGNING_PROVIDER_CHECK_SCHEMA,
    data: {
      name: SIGNING_PROVIDER_VIEW_EXAMPLE.name,
      ok: true,
      info: { specs: '2.0.0.2', name: 'Acme QTSP', region: 'NO', methods: ['credentials/list', 'signatures/signHash'] },
    },
  })
  @UNKNOWN_PROVIDER
  async check(@Param() params: SigningProviderParamsDto): Promise<SigningProviderCheckView> {
    return { name: params.name, ...(await this.providers.check(params.consumerId, params.name)) };
  }
}
