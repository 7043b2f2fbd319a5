import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type Observable, map } from 'rxjs';
import { routeMetadata } from '../routing/route-metadata';
import { ENVELOPE_REASON, RAW_RESPONSE } from './envelope.decorator';
import { type Envelope, apiVersionOf, successEnvelope } from './envelope';

/**
 * Wraps what a JSON handler returns in the success envelope of spec 2.1, with the reason its route names (`@Reason`,
 * `OK` by default) and the call's `cost` when it is billable. The cost is read once the handler has succeeded: the
 * billing interceptor set it, and nothing was refunded. Routes marked `@RawResponse` (plain text, streams, pages) are left
 * alone.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || routeMetadata<boolean>(this.reflector, RAW_RESPONSE, context)) {
      return next.handle();
    }
    const reason = routeMetadata<string>(this.reflector, ENVELOPE_REASON, context) ?? 'OK';
    const request = context.switchToHttp().getRequest<Request>();
    return next
      .handle()
      .pipe(
        map((data: unknown): Envelope =>
          successEnvelope(reason, apiVersionOf(request.path), data, request.billing?.cost),
        ),
      );
  }
}
