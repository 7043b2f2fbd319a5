import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  APP_LIST_SCHEMA,
  APP_SCHEMA,
  API_KEY_LIST_SCHEMA,
  CREATED_API_KEY_SCHEMA,
  CREATED_APP_SCHEMA,
  ROTATED_SECRET_SCHEMA,
} from './admin.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { TenantsService } from '../tenants/tenants.service';
import { API_KEY_EXAMPLE, API_KEY_VIEW_EXAMPLE, APP_VIEW_EXAMPLE, SECRETS_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import {
  AdminAppView,
  apiKeyView,
  appView,
  createdApiKeyView,
  createdAppView,
  listedAppView,
  rotatedSecretView,
  withLegacyAppId,
} from './admin-views';
import type {
  ApiKeyView,
  CreatedApiKeyView,
  CreatedAppView,
  ListedAppView,
  RotatedSecretView,
} from './admin-view-types';
import { AppIdParamDto } from './app-id-param.dto';
import { AppListQueryDto } from './app-list-query.dto';
import { CreateAppDto } from './create-app.dto';
import { UpdateAppDto } from './update-app.dto';

const UNKNOWN_APP = ApiFailure(404, 'No app has this id', 'App app_9QwErTyUiOpAsDfGhJkLzXcV does not exist');
const BAD_APP_ID = ApiValidationFailure({
  path: ['appId'],
  message: 'appId must be an app id (app_...)',
  code: 'invalid_string',
});

@ApiTags('admin')
@AdminOnly()
@Controller('admin/apps')
export class AdminAppsController {
  constructor(private readonly tenants: TenantsService) {}

  @Post()
  @Reason('App created')
  @ApiOperation({
    summary: 'Create an app of a consumer',
    description: 'The app secret, the webhook secret and a generated private key are shown in this answer only.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The new app and its secrets',
    reason: 'App created',
    schema: CREATED_APP_SCHEMA,
    data: { ...APP_VIEW_EXAMPLE, ...SECRETS_EXAMPLE },
  })
  @ApiValidationFailure({
    path: ['scopes', 0],
    message: 'each value in scopes must be one of the following values: ...',
    code: 'invalid_enum_value',
  })
  @ApiFailure(404, 'No consumer has this id', 'Consumer bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa does not exist')
  async create(@Body() body: CreateAppDto): Promise<AdminAppView<CreatedAppView>> {
    const { publicKey, ...newApp } = body;
    return withLegacyAppId(createdAppView(await this.tenants.createApp({ ...newApp, publicKeyPem: publicKey })));
  }

  @Get()
  @Reason('Apps')
  @ApiOperation({
    summary: 'List the apps, or those of one consumer, oldest first: names, environments, scopes, last use; no secret',
  })
  @ApiEnvelope({
    description: 'The apps',
    reason: 'Apps',
    schema: APP_LIST_SCHEMA,
    data: {
      apps: [
        {
          appId: APP_VIEW_EXAMPLE.appId,
          consumerId: APP_VIEW_EXAMPLE.consumerId,
          name: APP_VIEW_EXAMPLE.name,
          environment: APP_VIEW_EXAMPLE.environment,
          scopes: APP_VIEW_EXAMPLE.scopes,
          createdAt: APP_VIEW_EXAMPLE.createdAt,
          lastUsedAt: 1763703540,
        },
      ],
    },
  })
  @ApiValidationFailure({
    path: ['consumerId'],
    message: 'consumerId must be a consumer id (bcn_...)',
    code: 'invalid_string',
  })
  @ApiFailure(404, 'No consumer has this id', 'Consumer bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa does not exist')
  async list(@Query() query: AppListQueryDto): Promise<{ apps: ListedAppView[] }> {
    return { apps: (await this.tenants.listApps(query.consumerId)).map(listedAppView) };
  }

  @Get(':appId')
  @Reason('App')
  @ApiOperation({
    summary:
      'An app with its OIDC settings (redirect URIs, public-client flag, ID token algorithm, profile), CIBA delivery ' +
      'and logout and key URIs; no secret',
    description: 'What `PATCH /admin/apps/{appId}` and `npm run cli -- app:update` change.',
  })
  @ApiEnvelope({ description: 'The app', reason: 'App', schema: APP_SCHEMA, data: APP_VIEW_EXAMPLE })
  @BAD_APP_ID
  @UNKNOWN_APP
  async find(@Param() params: AppIdParamDto): Promise<AdminAppView> {
    return withLegacyAppId(appView(await this.tenants.findApp(params.appId)));
  }

  @Patch(':appId')
  @Reason('App updated')
  @ApiOperation({
    summary:
      'Set how the app logs people in with OIDC: its redirect URIs (the list is replaced), public-client flag, ' +
      'ID token signing algorithm, profile (basic or fapi2) and CIBA delivery',
  })
  @ApiEnvelope({
    description: 'The app as it now is',
    reason: 'App updated',
    schema: APP_SCHEMA,
    data: APP_VIEW_EXAMPLE,
  })
  @ApiValidationFailure({
    path: ['redirectUris', 0],
    message: 'http://acme.example/cb must use https (plain http only for localhost and 127.0.0.1)',
    code: 'invalid_string',
  })
  @UNKNOWN_APP
  async update(@Param() params: AppIdParamDto, @Body() body: UpdateAppDto): Promise<AdminAppView> {
    return withLegacyAppId(appView(await this.tenants.updateOidcClient(params.appId, body)));
  }

  @Post(':appId/rotate-secret')
  @Reason('App secret rotated')
  @ApiOperation({ summary: 'Replace the app secret; the old one stops working at once' })
  @ApiEnvelope({
    status: 201,
    description: 'The app and its new secret, shown once',
    reason: 'App secret rotated',
    schema: ROTATED_SECRET_SCHEMA,
    data: { ...APP_VIEW_EXAMPLE, appSecret: SECRETS_EXAMPLE.appSecret },
  })
  @BAD_APP_ID
  @UNKNOWN_APP
  async rotateSecret(@Param() params: AppIdParamDto): Promise<AdminAppView<RotatedSecretView>> {
    return withLegacyAppId(rotatedSecretView(await this.tenants.rotateAppSecret(params.appId)));
  }

  @Post(':appId/keys')
  @Reason('API key created')
  @ApiOperation({ summary: 'Create an API key for the app: `bk-test_` for sandbox apps, `bk-live_` for production' })
  @ApiEnvelope({
    status: 201,
    description: 'The key, shown once, and its record',
    reason: 'API key created',
    schema: CREATED_API_KEY_SCHEMA,
    data: { ...API_KEY_VIEW_EXAMPLE, apiKey: API_KEY_EXAMPLE },
  })
  @BAD_APP_ID
  @UNKNOWN_APP
  async createKey(@Param() params: AppIdParamDto): Promise<CreatedApiKeyView> {
    return createdApiKeyView(await this.tenants.createApiKey(params.appId));
  }

  @Get(':appId/keys')
  @Reason('API keys')
  @ApiOperation({ summary: "List the app's API keys, oldest first, revoked ones included; never the keys themselves" })
  @ApiEnvelope({
    description: 'The key records',
    reason: 'API keys',
    schema: API_KEY_LIST_SCHEMA,
    data: { keys: [API_KEY_VIEW_EXAMPLE] },
  })
  @BAD_APP_ID
  @UNKNOWN_APP
  async listKeys(@Param() params: AppIdParamDto): Promise<{ keys: ApiKeyView[] }> {
    return { keys: (await this.tenants.listApiKeys(params.appId)).map(apiKeyView) };
  }
}
