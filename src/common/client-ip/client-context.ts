import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { headerValue } from '../http/header-value';

declare module '../request-context/request-context' {
  interface RequestContext {
    /** Set by `resolveClientIps` on every request. */
    clientIp?: string;
    /** Set by `resolveClientIps`: the connection comes from a proxy of TRUSTED_PROXIES, whose forwarding is believed. */
    fromTrustedProxy?: boolean;
  }
}

/** Where a request came from, as flows record it (spec 2.2 `ip` and `useragent`). */
export interface ClientContext {
  ip: string;
  userAgent: string;
}

export const CurrentClient = createParamDecorator((_: unknown, context: ExecutionContext): ClientContext => {
  const request = context.switchToHttp().getRequest<Request>();
  return { ip: request.clientIp ?? 'unknown', userAgent: (headerValue(request, 'user-agent') ?? '').slice(0, 512) };
});
