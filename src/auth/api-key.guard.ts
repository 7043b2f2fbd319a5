import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { headerValue } from '../common/http/header-value';
import type { KeyHolder } from '../tenants/key-holder';
import { TenantsService } from '../tenants/tenants.service';
import { CREDENTIAL_HEADERS } from './credential';

/** Every integrator route needs a valid, unrevoked `x-api-key`; it identifies the app and consumer. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly tenants: TenantsService) {}

  /** Synchronous for a key the cache holds (nearly every call): Nest then waits on no promise for this guard. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const apiKey = headerValue(request, CREDENTIAL_HEADERS.key);
    if (!apiKey) throw new UnauthenticatedError('The x-api-key header is required');
    const known = this.tenants.knownKeyHolder(apiKey);
    if (known !== undefined) return this.admit(request, known);
    return this.tenants.findKeyHolder(apiKey).then((holder) => this.admit(request, holder));
  }

  private admit(request: Request, holder: KeyHolder | 'revoked' | null): true {
    if (holder === 'revoked') throw new UnauthenticatedError('The x-api-key has been revoked');
    if (!holder) throw new UnauthenticatedError('The x-api-key is not valid');
    request.principal = holder;
    this.tenants.keyUsed(holder);
    return true;
  }
}
