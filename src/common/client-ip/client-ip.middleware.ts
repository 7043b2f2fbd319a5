import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { resolveClientIp } from './client-ip';

/** Resolves the client IP once per request, so the rate limit, logs and flows all agree on it. */
@Injectable()
export class ClientIpMiddleware implements NestMiddleware {
  constructor(private readonly config: AppConfig) {}

  use(request: Request, _response: Response, next: NextFunction): void {
    request.clientIp = resolveClientIp(request, this.config.TRUST_PROXY_HEADERS);
    next();
  }
}
