import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { DECLARED_ACCESS, DeclaredAccess } from '../common/route-access/declared-access';
import { routeMetadata } from '../common/routing/route-metadata';

/** Global guard: a route that declares neither `@Public()`, `@Auth()` nor `@AdminOnly()` is refused. */
@Injectable()
export class DeclaredAccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const access = routeMetadata<DeclaredAccess>(this.reflector, DECLARED_ACCESS, context);
    if (!access) throw new UnauthenticatedError('This route does not accept requests');
    return true;
  }
}
