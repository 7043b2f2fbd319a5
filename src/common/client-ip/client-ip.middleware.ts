import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { resolveClientIp } from './client-ip';

/** Resolves the client IP once per request, so the rate limit, logs and flows all agree on it. */
export function resolveClientIps(trustProxyHeaders: boolean): RequestHandler {
  return (request: Request, _response: Response, next: NextFunction) => {
    request.clientIp = resolveClientIp(request, trustProxyHeaders);
    next();
  };
}
