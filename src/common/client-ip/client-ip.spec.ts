import type { Request } from 'express';
import { canonicalIp, rateLimitSubject, resolveClientIp } from './client-ip';

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

  it('spells every address one way, from headers and the socket alike', () => {
    for (const spelling of ['2001:DB8::1', '2001:0db8:0000::0001', '2001:db8:0:0:0:0:0:1']) {
      expect(resolveClientIp(request({ 'x-real-ip': spelling }), true)).toBe('2001:db8::1');
      expect(resolveClientIp(request({}, spelling), false)).toBe('2001:db8::1');
    }
    expect(resolveClientIp(request({ 'x-real-ip': '::ffff:203.0.113.2' }), true)).toBe('203.0.113.2');
  });
});

describe('canonicalIp', () => {
  it('answers undefined for text that is not an address', () => {
    expect(canonicalIp('localhost')).toBeUndefined();
    expect(canonicalIp('1.2.3.4.5')).toBeUndefined();
    expect(canonicalIp(undefined)).toBeUndefined();
  });
});

describe('rateLimitSubject', () => {
  it('counts an IPv4 client by its address', () => {
    expect(rateLimitSubject('203.0.113.7', 64)).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its network of the given prefix length', () => {
    expect(rateLimitSubject('2001:db8:1:2:aaaa::1', 64)).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:2:bbbb:cccc:dddd:eeee', 64)).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:2:aaaa::1', 56)).toBe('2001:db8:1::/56');
    expect(rateLimitSubject('2001:db8:1:2:aaaa::1', 128)).toBe('2001:db8:1:2:aaaa::1/128');
  });
});
