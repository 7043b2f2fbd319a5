import { UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { DeclareAccess } from '../common/route-access/declared-access';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { AdminTokenGuard } from './admin-token.guard';
import { AdminWriteRole } from './admin-write-role';
import type { OperatorRole } from '../operators/operator-role';

/** The OpenAPI security scheme of the admin bearer token. */
export const ADMIN_SECURITY_SCHEME = 'admin';

/**
 * Declares an operator route: the admin bearer token or an operator's session guards it, changes need `writeRole` (or
 * a role above it) and are audited, and OpenAPI says so.
 */
export function AdminOnly(writeRole: OperatorRole = 'operator') {
  return applyDecorators(
    DeclareAccess('admin'),
    AdminWriteRole(writeRole),
    UseGuards(AdminTokenGuard),
    UseInterceptors(AdminAuditInterceptor),
    ApiBearerAuth(ADMIN_SECURITY_SCHEME),
    ApiFailure(401, 'The bearer token is missing or wrong, or ADMIN_TOKEN is unset', 'The admin token is not valid'),
    ApiFailure(
      403,
      "An operator's session whose role does not cover the change",
      'This change needs the owner role; Kari is operator',
    ),
    ApiRateLimited(),
  );
}
