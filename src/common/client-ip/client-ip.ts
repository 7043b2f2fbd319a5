import ipaddr from 'ipaddr.js';
import proxyaddr, { compile } from 'proxy-addr';
import type { Request } from 'express';

/** Whether a peer (the socket, or a hop of `x-forwarded-for`) is a proxy whose headers are believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** `TRUSTED_PROXIES` as a trust function: `*` every peer, `none` no peer, otherwise proxy-addr's own matching. */
export function proxyTrust(trusted: readonly string[]): ProxyTrust {
  if (trusted.includes('*')) return () => true;
  if (trusted.includes('none')) return () => false;
  return compile([...trusted]);
}

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

/** The far end of a connection: its canonical address, and whether it is a proxy whose headers are believed. */
export interface ConnectionPeer {
  ip: string;
  trusted: boolean;
}

/** Worked out once per connection: a keep-alive connection carries many requests from the same peer. */
export function connectionPeer(socket: Request['socket'] | undefined, trust: ProxyTrust): ConnectionPeer {
  const address = socket?.remoteAddress;
  return { ip: canonicalIp(address) ?? address ?? 'unknown', trusted: address !== undefined && trust(address, 0) };
}

/**
 * The client IP of spec section 4: `cf-connecting-ip`, else `x-real-ip`, else `x-forwarded-for`, else the socket. The
 * headers are believed only when the connection comes from a trusted proxy (`TRUSTED_PROXIES`), and `x-forwarded-for`
 * is walked from the right past trusted hops (proxy-addr, as Express's `trust proxy` does), so that a client cannot
 * choose its own address by sending the headers itself. A header value that is not an IP address falls through.
 */
export function resolveClientIp(
  request: Pick<Request, 'headers' | 'socket'>,
  trust: ProxyTrust,
  peer: ConnectionPeer = connectionPeer(request.socket, trust),
): string {
  if (!peer.trusted) return peer.ip;
  const { headers } = request;
  return (
    canonicalIp(firstHeader(headers['cf-connecting-ip'])) ??
    canonicalIp(firstHeader(headers['x-real-ip'])) ??
    // Without the header, proxy-addr would only find the peer again.
    (headers['x-forwarded-for'] === undefined ? undefined : canonicalIp(proxyaddr(request as Request, trust))) ??
    peer.ip
  );
}

/**
 * Whom the rate limit counts: an IPv4 client by its address, an IPv6 client by the network its first `ipv6Prefix` bits
 * name, since one subscriber is handed a whole /64 (or more) and can pick any address in it.
 */
export function rateLimitSubject(clientIp: string, ipv6Prefix: number): string {
  // Canonical IPv6 always has a colon, IPv4 never: most clients are told apart without parsing.
  if (!clientIp.includes(':') || !ipaddr.IPv6.isValid(clientIp)) return clientIp;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${clientIp}/${ipv6Prefix}`).toString()}/${ipv6Prefix}`;
}
