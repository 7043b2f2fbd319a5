import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { proxyTrust, resolveClientIp } from './client-ip';

/** Resolves the client IP once per request, so the rate limit, logs and flows all agree on it. */
export function resolveClientIps(trustedProxies: readonly string[]): RequestHandler {
  const trust = proxyTrust(trustedProxies);
  return (request: Request, _response: Response, next: NextFunction) => {
    request.clientIp = resolveClientIp(request, trust);
    next();
  };
}
