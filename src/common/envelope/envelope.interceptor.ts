import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable, map } from 'rxjs';
import { ENVELOPE_REASON, RAW_RESPONSE } from './envelope.decorator';
import { Envelope, apiVersionOf, successEnvelope } from './envelope';

/** Wraps what a JSON handler returns in the success envelope of spec 2.1, with the call's `cost` when it is billable. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, targets)) return next.handle();

    const request = context.switchToHttp().getRequest<Request>();
    const reason = this.reflector.getAllAndOverride<string>(ENVELOPE_REASON, targets) ?? 'OK';
    // The cost is read once the handler has succeeded: the billing guard set it, and nothing was refunded.
    return next
      .handle()
      .pipe(map((data): Envelope => successEnvelope(reason, apiVersionOf(request.path), data, request.billing?.cost)));
  }
}
