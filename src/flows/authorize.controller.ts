import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Reason } from '../common/envelope/envelope.decorator';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { AccessGrant, AccessTokenService } from '../auth/access-token.service';
import { Auth } from '../access/auth.decorator';
import { AuthorizeQueryDto } from './authorize-query.dto';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ACCESS_GRANT_SCHEMA } from './flow.schemas';

@ApiTags('flow')
@Controller('api/v1/flow')
export class AuthorizeController {
  constructor(private readonly tokens: AccessTokenService) {}

  @Get('authorize')
  @Auth(ROUTE_CREDENTIALS.flow.v1.authorize)
  @Reason('Access token issued')
  @ApiOperation({ summary: 'Grant an x-access-token for v1 routes and legacy polling (valid one hour)' })
  @ApiEnvelope({
    description: 'The token, also in the `x-access-token` response header',
    reason: 'Access token issued',
    version: 'v1',
    schema: ACCESS_GRANT_SCHEMA,
    data: { token: 'eyJhbGciOiJFZERTQSIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiJiY25fLi4uIn0.c2lnbmF0dXJl', exp: 1763703600 },
  })
  @ApiResponse({
    status: 200,
    headers: { [CREDENTIAL_HEADERS.token]: { description: 'The granted token', schema: { type: 'string' } } },
  })
  @ApiValidationFailure({ path: ['app'], message: 'app is required when sub is set', code: 'invalid_type' }, 'v1')
  @ApiFailure(
    403,
    '`sub` or `app` names another consumer or app than the x-api-key',
    'sub does not name the consumer of the x-api-key',
    'v1',
  )
  async authorize(
    @Query() query: AuthorizeQueryDto,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AccessGrant> {
    if (query.sub !== undefined && query.sub !== principal.consumer.id) {
      throw new ForbiddenError('sub does not name the consumer of the x-api-key');
    }
    if (query.app !== undefined && query.app !== principal.app.id) {
      throw new ForbiddenError('app does not name the app of the x-api-key');
    }
    const grant = await this.tokens.issue(principal);
    response.setHeader(CREDENTIAL_HEADERS.token, grant.token);
    return grant;
  }
}
