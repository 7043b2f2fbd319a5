import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { headerValue } from '../common/http/header-value';
import { TenantsService } from '../tenants/tenants.service';
import { authOptionsOf, credentialNeed, principalOf } from './auth-options.reader';
import { CREDENTIAL_HEADERS } from './credential';

/**
 * Checks `x-access-secret` against the app of the API key: required where the route says so, and checked wherever it
 * is sent, since a caller holding a key and a wrong secret (another app's, say) must not be served as if it had none.
 */
@Injectable()
export class AppSecretGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenants: TenantsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const need = credentialNeed(authOptionsOf(this.reflector, context), 'secret');
    const request = context.switchToHttp().getRequest<Request>();
    const secret = headerValue(request, CREDENTIAL_HEADERS.secret);
    if (!secret) {
      if (need === 'required') throw new UnauthenticatedError('The x-access-secret header is required');
      return true;
    }
    if (!this.tenants.appSecretMatches(principalOf(request).app, secret)) {
      throw new UnauthenticatedError('The x-access-secret does not match the app of the x-api-key');
    }
    return true;
  }
}
