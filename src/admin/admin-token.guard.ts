import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { digestsEqual, sha256Hex } from '../common/crypto/digest';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { headerValue } from '../common/http/header-value';
import { AppConfig } from '../config/app-config';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The admin API answers only `Authorization: Bearer <ADMIN_TOKEN>`, and nobody while ADMIN_TOKEN is unset. Tokens are
 * compared as SHA-256 digests in constant time, so neither their content nor their length leaks through timing.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly tokenDigest: string | undefined;

  constructor(config: AppConfig) {
    this.tokenDigest = config.ADMIN_TOKEN ? sha256Hex(config.ADMIN_TOKEN) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    http.getResponse<Response>().setHeader('www-authenticate', 'Bearer realm="idflow-admin"');
    if (!this.tokenDigest) throw new UnauthenticatedError('The admin API is disabled until ADMIN_TOKEN is set');
    const presented = BEARER.exec(headerValue(http.getRequest<Request>(), 'authorization') ?? '')?.[1];
    if (!presented) throw new UnauthenticatedError('The Authorization header must be Bearer <ADMIN_TOKEN>');
    if (!digestsEqual(sha256Hex(presented), this.tokenDigest))
      throw new UnauthenticatedError('The admin token is not valid');
    return true;
  }
}
