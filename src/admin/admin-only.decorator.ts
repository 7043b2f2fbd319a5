import { UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { DeclareAccess } from '../common/route-access/declared-access';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { AdminTokenGuard } from './admin-token.guard';

/** The OpenAPI security scheme of the admin bearer token. */
export const ADMIN_SECURITY_SCHEME = 'admin';

/** Declares an operator route: the admin bearer token guards it, its changes are audited, and OpenAPI says so. */
export function AdminOnly() {
  return applyDecorators(
    DeclareAccess('admin'),
    UseGuards(AdminTokenGuard),
    UseInterceptors(AdminAuditInterceptor),
    ApiBearerAuth(ADMIN_SECURITY_SCHEME),
    ApiFailure(401, 'The bearer token is missing or wrong, or ADMIN_TOKEN is unset', 'The admin token is not valid'),
    ApiRateLimited(),
  );
}
