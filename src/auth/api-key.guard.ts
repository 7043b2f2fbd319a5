import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { headerValue } from '../common/http/header-value';
import { TenantsService } from '../tenants/tenants.service';
import { CREDENTIAL_HEADERS } from './credential';

/** Every integrator route needs a valid, unrevoked `x-api-key`; it identifies the app and consumer. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly tenants: TenantsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const apiKey = headerValue(request, CREDENTIAL_HEADERS.key);
    if (!apiKey) throw new UnauthenticatedError('The x-api-key header is required');
    const holder = await this.tenants.findKeyHolder(apiKey);
    if (holder === 'revoked') throw new UnauthenticatedError('The x-api-key has been revoked');
    if (!holder) throw new UnauthenticatedError('The x-api-key is not valid');
    request.principal = holder;
    return true;
  }
}
