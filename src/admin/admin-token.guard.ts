import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { BearerToken } from '../common/http/bearer-token';
import { headerValue } from '../common/http/header-value';
import { AppConfig } from '../config/app-config';

/** The admin API answers only `Authorization: Bearer <ADMIN_TOKEN>`, and nobody while ADMIN_TOKEN is unset. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly token: BearerToken | undefined;

  constructor(config: AppConfig) {
    this.token = config.ADMIN_TOKEN ? new BearerToken(config.ADMIN_TOKEN) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    http.getResponse<Response>().setHeader('www-authenticate', 'Bearer realm="idflow-admin"');
    if (!this.token) throw new UnauthenticatedError('The admin API is disabled until ADMIN_TOKEN is set');
    const presented = BearerToken.presentedIn(headerValue(http.getRequest<Request>(), 'authorization'));
    if (!presented) throw new UnauthenticatedError('The Authorization header must be Bearer <ADMIN_TOKEN>');
    if (!this.token.matches(presented)) throw new UnauthenticatedError('The admin token is not valid');
    return true;
  }
}
