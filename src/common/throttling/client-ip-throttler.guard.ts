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
import { AppConfig } from '../../config/app-config';
import { resolveClientIp } from '../client-ip/client-ip';
import { ServiceUnavailableError } from '../errors/service-unavailable.error';

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
    private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  protected override async getTracker(request: Request): Promise<string> {
    return request.clientIp ?? resolveClientIp(request, this.config.TRUST_PROXY_HEADERS);
  }

  protected override async handleRequest(requestProps: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(requestProps);
    } catch (error) {
      if (error instanceof ThrottlerException) throw error;
      throw new ServiceUnavailableError('The rate limiter is unavailable; try again shortly');
    }
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http';
  }
}
