import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { routeMetadata } from '../routing/route-metadata';
import { ENVELOPE_REASON, RAW_RESPONSE } from './envelope.decorator';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set on routes that answer in the success envelope: its `reason`. Raw routes leave it unset. */
    envelopeReason?: string;
  }
}

/**
 * Notes on the request whether its route answers in the success envelope, and with which reason, for the adapter that
 * writes the answer (EnvelopingExpressAdapter). A global guard rather than an interceptor: guards are the one hook Nest
 * runs with the route's handler in hand that costs next to nothing, while any interceptor sets up Nest's RxJS pipeline
 * and two async resources on every request, a large part of a health check's time (docs/performance.md).
 */
@Injectable()
export class EnvelopeRouteGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    if (routeMetadata<boolean>(this.reflector, RAW_RESPONSE, context)) return true;
    context.switchToHttp().getRequest<Request>().envelopeReason =
      routeMetadata<string>(this.reflector, ENVELOPE_REASON, context) ?? 'OK';
    return true;
  }
}
