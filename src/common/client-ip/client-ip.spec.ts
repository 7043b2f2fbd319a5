import type { Request } from 'express';
import { resolveClientIp } from './client-ip';

const request = (headers: Record<string, string>, remoteAddress = '::ffff:127.0.0.1') =>
  ({ headers, socket: { remoteAddress } }) as unknown as Pick<Request, 'headers' | 'socket'>;

describe('resolveClientIp', () => {
  const all = {
    'cf-connecting-ip': '203.0.113.1',
    'x-real-ip': '203.0.113.2',
    'x-forwarded-for': '203.0.113.3, 10.0.0.1',
  };

  it('prefers cf-connecting-ip, then x-real-ip, then the first x-forwarded-for entry', () => {
    expect(resolveClientIp(request(all), true)).toBe('203.0.113.1');
    expect(resolveClientIp(request({ ...all, 'cf-connecting-ip': '' }), true)).toBe('203.0.113.2');
    expect(resolveClientIp(request({ 'x-forwarded-for': '203.0.113.3, 10.0.0.1' }), true)).toBe('203.0.113.3');
  });

  it('falls back to the socket address without the IPv4-mapped prefix', () => {
    expect(resolveClientIp(request({}), true)).toBe('127.0.0.1');
    expect(resolveClientIp(request({}, '::1'), true)).toBe('::1');
  });

  it('ignores proxy headers when they are not trusted', () => {
    expect(resolveClientIp(request(all), false)).toBe('127.0.0.1');
  });

  it('skips header values that are not IP addresses', () => {
    const long = 'x'.repeat(100);
    expect(resolveClientIp(request({ 'cf-connecting-ip': long, 'x-real-ip': '203.0.113.2' }), true)).toBe(
      '203.0.113.2',
    );
    expect(resolveClientIp(request({ 'x-forwarded-for': `${long}, 203.0.113.9` }), true)).toBe('127.0.0.1');
    expect(resolveClientIp(request({ 'x-real-ip': '2001:db8::1' }), true)).toBe('2001:db8::1');
  });
});
