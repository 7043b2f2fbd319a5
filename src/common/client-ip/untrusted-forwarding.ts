import type { IncomingHttpHeaders } from 'node:http';

/** The headers by which a proxy tells the server behind it the original scheme, host and client of a request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * Drops what a peer that is not a trusted proxy (see `resolveClientIps`) says about forwarding, for code that believes
 * those headers from every peer once told it runs behind a proxy (Koa's `app.proxy`): only TRUSTED_PROXIES may then
 * move its view of the request's scheme, host and client.
 */
export function dropUntrustedForwarding(request: { headers: IncomingHttpHeaders; fromTrustedProxy?: boolean }): void {
  if (request.fromTrustedProxy) return;
  for (const name of FORWARDING_HEADERS) delete request.headers[name];
}
