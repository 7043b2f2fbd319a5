import { isIP } from 'node:net';
import type { Request } from 'express';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

function stripIpv4MappedPrefix(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

/** A header value is believed only when it is an IP address; anything else falls through to the next source. */
function asIp(value: string | undefined): string | undefined {
  const ip = value === undefined ? undefined : stripIpv4MappedPrefix(value);
  return ip !== undefined && isIP(ip) ? ip : undefined;
}

/**
 * The client IP of spec section 4: `cf-connecting-ip`, else `x-real-ip`, else the first `x-forwarded-for` entry, else
 * the socket. Proxy headers are only believed when the deployment says a proxy sets them (`TRUST_PROXY_HEADERS`).
 */
export function resolveClientIp(request: Pick<Request, 'headers' | 'socket'>, trustProxyHeaders: boolean): string {
  if (trustProxyHeaders) {
    const forwardedFor = firstHeader(request.headers['x-forwarded-for'])?.split(',')[0];
    const fromHeaders =
      asIp(firstHeader(request.headers['cf-connecting-ip'])) ??
      asIp(firstHeader(request.headers['x-real-ip'])) ??
      asIp(firstHeader(forwardedFor));
    if (fromHeaders) return fromHeaders;
  }
  return stripIpv4MappedPrefix(request.socket?.remoteAddress ?? 'unknown');
}
