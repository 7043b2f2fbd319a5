import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerException,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request } from 'express';
import { ServiceUnavailableError } from '../errors/service-unavailable.error';
import { ClientIpUnresolvedError } from './errors/client-ip-unresolved.error';

/**
 * The 100-a-minute limit per client IP (spec section 8), counted by the spec's client IP rather than the socket.
 * When the shared counter store (Redis) fails, requests are refused with 503 rather than let through unmetered: an
 * instance that cannot reach Redis is unhealthy, and its readiness route says so.
 */
@Injectable()
export class ClientIpThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
  ) {
    super(options, storage, reflector);
  }

  /** ClientIpMiddleware resolved it for every request, so the limit, logs and flows all count the same IP. */
  protected override async getTracker(request: Request): Promise<string> {
    if (!request.clientIp) throw new ClientIpUnresolvedError();
    return request.clientIp;
  }

  protected override async handleRequest(requestProps: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(requestProps);
    } catch (error) {
      // Only a failing counter store is a 503; a refusal, or a request the middleware never saw, stays what it is.
      if (error instanceof ThrottlerException || error instanceof ClientIpUnresolvedError) throw error;
      throw new ServiceUnavailableError('The rate limiter is unavailable; try again shortly');
    }
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http';
  }
}
