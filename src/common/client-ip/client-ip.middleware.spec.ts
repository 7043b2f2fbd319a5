import type { Request, Response } from 'express';
import { clientIpSource } from './client-ip';
import { resolveClientIps } from './client-ip.middleware';

describe('resolveClientIps', () => {
  const middleware = resolveClientIps(clientIpSource(['loopback'], ['x-real-ip']));
  const clientIpOf = (socket: object, headers: Record<string, string>) => {
    const request = { headers, socket, connection: socket } as unknown as Request;
    middleware(request, {} as Response, () => undefined);
    return request.clientIp;
  };

  it('believes each request on a trusted proxy connection for itself', () => {
    const proxy = { remoteAddress: '127.0.0.1' };
    expect(clientIpOf(proxy, { 'x-real-ip': '203.0.113.1' })).toBe('203.0.113.1');
    expect(clientIpOf(proxy, { 'x-real-ip': '203.0.113.2' })).toBe('203.0.113.2');
    expect(clientIpOf(proxy, {})).toBe('127.0.0.1');
  });

  it('never believes the headers on a connection from elsewhere, however many requests it carries', () => {
    const client = { remoteAddress: '::ffff:198.51.100.9' };
    expect(clientIpOf(client, {})).toBe('198.51.100.9');
    expect(clientIpOf(client, { 'x-real-ip': '203.0.113.1' })).toBe('198.51.100.9');
  });

  it('says whether the connection comes from a trusted proxy', () => {
    const flagOf = (remoteAddress: string) => {
      const request = { headers: {}, socket: { remoteAddress } } as unknown as Request;
      middleware(request, {} as Response, () => undefined);
      return request.fromTrustedProxy;
    };
    expect(flagOf('127.0.0.1')).toBe(true);
    expect(flagOf('198.51.100.9')).toBe(false);
  });
});
