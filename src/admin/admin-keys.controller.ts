import { Controller, Param, Post } from '@nestjs/common';
import { API_KEY_SCHEMA } from './admin.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { TenantsService } from '../tenants/tenants.service';
import { API_KEY_VIEW_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { apiKeyView } from './admin-views';
import type { ApiKeyView } from './admin-view-types';
import { KeyIdParamDto } from './key-id-param.dto';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/keys')
export class AdminKeysController {
  constructor(private readonly tenants: TenantsService) {}

  @Post(':keyId/revoke')
  @Reason('API key revoked')
  @ApiOperation({
    summary: 'Revoke an API key by its id; it stops working at once. Revoking twice keeps the first time.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The revoked key record',
    reason: 'API key revoked',
    schema: API_KEY_SCHEMA,
    data: { ...API_KEY_VIEW_EXAMPLE, revokedAt: 1763703600 },
  })
  @ApiValidationFailure({
    path: ['keyId'],
    message: 'keyId must be an API key id (key_...), never the key itself',
    code: 'invalid_string',
  })
  @ApiFailure(404, 'No API key has this id', 'API key does not exist')
  async revoke(@Param() params: KeyIdParamDto): Promise<ApiKeyView> {
    return apiKeyView(await this.tenants.revokeApiKey(params.keyId));
  }
}
