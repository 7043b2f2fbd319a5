import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { routeMetadata } from '../common/routing/route-metadata';
import { BILLING_CATEGORY, type BillingCategory } from './billing-category';

/**
 * Notes the route pattern a request reached and the route's billing category, for the usage meter. It runs right
 * after the rate limit's guard, before the access checks, and never refuses, so calls that a credential guard turns
 * away are filed under their route too (those the rate limit refuses are filed as not routed).
 */
@Injectable()
export class MeteredRouteGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const category = routeMetadata<BillingCategory>(this.reflector, BILLING_CATEGORY, context);
    // Express names the matched route's pattern; the concrete URL would carry ids and codes.
    const route = request.route as { path: unknown } | undefined;
    const pattern = route ? `${request.baseUrl ?? ''}${String(route.path)}` : '(unknown route)';
    request.meteredRoute = { route: `${request.method} ${pattern}`, category: category ?? null };
    return true;
  }
}
