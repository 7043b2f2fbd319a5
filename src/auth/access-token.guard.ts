import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { headerValue } from '../common/http/header-value';
import { AccessTokenService } from './access-token.service';
import { authOptionsOf, credentialNeed, principalOf } from './auth-options.reader';
import { CREDENTIAL_HEADERS } from './credential';

/**
 * Checks `x-access-token` (v1 routes, legacy polling): it must have been issued to the app of the API key. A token is
 * checked wherever it is sent, as the secret is.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
  ) {}

  /** Synchronous where no token is to be checked (every v2 call without one): Nest then waits on no promise for it. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const need = credentialNeed(authOptionsOf(this.reflector, context), 'token');
    const request = context.switchToHttp().getRequest<Request>();
    const token = headerValue(request, CREDENTIAL_HEADERS.token);
    if (!token) {
      if (need === 'required') {
        throw new UnauthenticatedError(
          'The x-access-token header is required; obtain one from GET /api/v1/flow/authorize',
        );
      }
      return true;
    }
    return this.tokens.isValidFor(token, principalOf(request)).then((valid) => {
      if (!valid) throw new UnauthenticatedError('The x-access-token is not valid for the app of the x-api-key');
      return true;
    });
  }
}
