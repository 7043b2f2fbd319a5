import ipaddr from 'ipaddr.js';
import type { Request } from 'express';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * One spelling per address: `2001:DB8:0::1` and `2001:db8::1` are the same client, as are `::ffff:192.0.2.1` and
 * `192.0.2.1`. IPv6 is written as RFC 5952 prescribes (lowercase, zeros compressed). Undefined for anything that is not
 * an IP address.
 */
export function canonicalIp(value: string | undefined): string | undefined {
  if (value === undefined || !ipaddr.isValid(value)) return undefined;
  return ipaddr.process(value).toString();
}

/**
 * The client IP of spec section 4: `cf-connecting-ip`, else `x-real-ip`, else the first `x-forwarded-for` entry, else
 * the socket. Proxy headers are only believed when the deployment says a proxy sets them (`TRUST_PROXY_HEADERS`); a
 * header value that is not an IP address falls through to the next source.
 */
export function resolveClientIp(request: Pick<Request, 'headers' | 'socket'>, trustProxyHeaders: boolean): string {
  if (trustProxyHeaders) {
    const forwardedFor = firstHeader(request.headers['x-forwarded-for'])?.split(',')[0];
    const fromHeaders =
      canonicalIp(firstHeader(request.headers['cf-connecting-ip'])) ??
      canonicalIp(firstHeader(request.headers['x-real-ip'])) ??
      canonicalIp(firstHeader(forwardedFor));
    if (fromHeaders) return fromHeaders;
  }
  const socketAddress = request.socket?.remoteAddress;
  return canonicalIp(socketAddress) ?? socketAddress ?? 'unknown';
}

/**
 * Whom the rate limit counts: an IPv4 client by its address, an IPv6 client by the network its first `ipv6Prefix` bits
 * name, since one subscriber is handed a whole /64 (or more) and can pick any address in it.
 */
export function rateLimitSubject(clientIp: string, ipv6Prefix: number): string {
  if (!ipaddr.IPv6.isValid(clientIp)) return clientIp;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${clientIp}/${ipv6Prefix}`).toString()}/${ipv6Prefix}`;
}
