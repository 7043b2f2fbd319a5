import ipaddr from 'ipaddr.js';
import proxyaddr, { compile } from 'proxy-addr';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config';

/** Whether a peer (the socket, or a hop of `x-forwarded-for`) is a proxy whose headers are believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** `TRUSTED_PROXIES` as a trust function: `*` every peer, `none` no peer, otherwise proxy-addr's own matching. */
export function proxyTrust(trusted: readonly string[]): ProxyTrust {
  if (trusted.includes('*')) return () => true;
  if (trusted.includes('none')) return () => false;
  return compile([...trusted]);
}

/** A header of spec section 4 that a proxy may set to the client's address. */
export type ClientIpHeader = AppConfig['CLIENT_IP_HEADERS'][number];

/** Whose headers are believed, and which of them: the operator's proxy passes on whatever it does not overwrite. */
export interface ClientIpSource {
  trust: ProxyTrust;
  believes: ReadonlySet<ClientIpHeader>;
}

/** `TRUSTED_PROXIES` and `CLIENT_IP_HEADERS`, compiled once. */
export function clientIpSource(trusted: readonly string[], headers: readonly ClientIpHeader[]): ClientIpSource {
  return { trust: proxyTrust(trusted), believes: new Set(headers) };
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
 * headers are believed only when the connection comes from a trusted proxy (`TRUSTED_PROXIES`), and only those the
 * operator says that proxy sets (`CLIENT_IP_HEADERS`): a header it passes through unchanged is the client's to choose.
 * `x-forwarded-for` is walked from the right past trusted hops (proxy-addr, as Express's `trust proxy` does). A header
 * value that is not an IP address falls through.
 */
export function resolveClientIp(
  request: Pick<Request, 'headers' | 'socket'>,
  source: ClientIpSource,
  peer: ConnectionPeer = connectionPeer(request.socket, source.trust),
): string {
  if (!peer.trusted) return peer.ip;
  const { headers } = request;
  const { believes, trust } = source;
  return (
    (believes.has('cf-connecting-ip') ? canonicalIp(firstHeader(headers['cf-connecting-ip'])) : undefined) ??
    (believes.has('x-real-ip') ? canonicalIp(firstHeader(headers['x-real-ip'])) : undefined) ??
    // Without the header, proxy-addr would only find the peer again.
    (believes.has('x-forwarded-for') && headers['x-forwarded-for'] !== undefined
      ? canonicalIp(proxyaddr(request as Request, trust))
      : undefined) ??
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
