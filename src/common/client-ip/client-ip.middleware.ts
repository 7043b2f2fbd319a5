import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type ClientIpSource, type ConnectionPeer, connectionPeer, resolveClientIp } from './client-ip';

/**
 * Resolves the client IP once per request, so the rate limit, logs and flows all agree on it. The connection's own
 * address is parsed and checked against the trusted proxies once per connection, not once per request.
 */
export function resolveClientIps(source: ClientIpSource): RequestHandler {
  const peers = new WeakMap<Socket, ConnectionPeer>();
  return (request: Request, _response: Response, next: NextFunction) => {
    let peer = peers.get(request.socket);
    if (!peer) {
      peer = connectionPeer(request.socket, source.trust);
      peers.set(request.socket, peer);
    }
    request.clientIp = resolveClientIp(request, source, peer);
    request.fromTrustedProxy = peer.trusted;
    next();
  };
}
