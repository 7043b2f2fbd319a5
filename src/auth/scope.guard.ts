import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { requireProvisionedScope } from '../tenants/provisioned-scope';
import { authOptionsOf, principalOf } from './auth-options.reader';

/** Scopes are provisioned per app; a route's scope that the app lacks answers 403 (spec 4.2 rule 3). */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { scope } = authOptionsOf(this.reflector, context);
    if (!scope) return true;
    requireProvisionedScope(principalOf(context.switchToHttp().getRequest<Request>()).app, scope);
    return true;
  }
}
