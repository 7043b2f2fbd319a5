import type { Request } from 'express';
import { type ClientIpHeader, canonicalIp, clientIpSource, rateLimitSubject, resolveClientIp } from './client-ip';

const request = (headers: Record<string, string>, remoteAddress = '::ffff:127.0.0.1') =>
  ({ headers, socket: { remoteAddress }, connection: { remoteAddress } }) as unknown as Pick<
    Request,
    'headers' | 'socket'
  >;

const SPEC_HEADERS: ClientIpHeader[] = ['cf-connecting-ip', 'x-real-ip', 'x-forwarded-for'];
const proxyTrust = (trusted: string[], headers = SPEC_HEADERS) => clientIpSource(trusted, headers);

describe('resolveClientIp', () => {
  const defaults = proxyTrust(['loopback', 'linklocal', 'uniquelocal']);
  const all = {
    'cf-connecting-ip': '203.0.113.1',
    'x-real-ip': '203.0.113.2',
    'x-forwarded-for': '203.0.113.3, 10.0.0.1',
  };

  it('behind a trusted proxy, prefers cf-connecting-ip, then x-real-ip, then x-forwarded-for', () => {
    expect(resolveClientIp(request(all), defaults)).toBe('203.0.113.1');
    expect(resolveClientIp(request({ ...all, 'cf-connecting-ip': '' }), defaults)).toBe('203.0.113.2');
    expect(resolveClientIp(request({ 'x-forwarded-for': '203.0.113.3, 10.0.0.1' }), defaults)).toBe('203.0.113.3');
  });

  it('believes only the headers the proxy is said to set, in the spec order among them', () => {
    const trusted = ['loopback', 'uniquelocal'];
    expect(resolveClientIp(request(all), proxyTrust(trusted, ['x-forwarded-for']))).toBe('203.0.113.3');
    expect(resolveClientIp(request(all), proxyTrust(trusted, ['x-forwarded-for', 'x-real-ip']))).toBe('203.0.113.2');
    expect(resolveClientIp(request({ 'cf-connecting-ip': '203.0.113.1' }), proxyTrust(trusted, ['x-real-ip']))).toBe(
      '127.0.0.1',
    );
  });

  it('walks x-forwarded-for from the right past trusted hops: entries a client wrote itself are not believed', () => {
    const chain = { 'x-forwarded-for': '198.51.100.66, 203.0.113.3, 10.0.0.1, 192.168.1.1' };
    expect(resolveClientIp(request(chain), defaults)).toBe('203.0.113.3');
    expect(resolveClientIp(request(chain), proxyTrust(['*']))).toBe('198.51.100.66');
  });

  it('believes no header from a peer that is not a trusted proxy', () => {
    expect(resolveClientIp(request(all, '198.51.100.9'), defaults)).toBe('198.51.100.9');
    expect(resolveClientIp(request(all), proxyTrust(['none']))).toBe('127.0.0.1');
    expect(resolveClientIp(request(all, '198.51.100.9'), proxyTrust(['198.51.100.0/24']))).toBe('203.0.113.1');
  });

  it('falls back to the socket address without the IPv4-mapped prefix', () => {
    expect(resolveClientIp(request({}), defaults)).toBe('127.0.0.1');
    expect(resolveClientIp(request({}, '::1'), defaults)).toBe('::1');
  });

  it('skips header values that are not IP addresses', () => {
    const long = 'x'.repeat(100);
    expect(resolveClientIp(request({ 'cf-connecting-ip': long, 'x-real-ip': '203.0.113.2' }), defaults)).toBe(
      '203.0.113.2',
    );
    expect(resolveClientIp(request({ 'x-forwarded-for': `203.0.113.9, ${long}` }), defaults)).toBe('127.0.0.1');
    expect(resolveClientIp(request({ 'x-real-ip': '2001:db8::1' }), defaults)).toBe('2001:db8::1');
  });

  it('spells every address one way, from headers and the socket alike', () => {
    for (const spelling of ['2001:DB8::1', '2001:0db8:0000::0001', '2001:db8:0:0:0:0:0:1']) {
      expect(resolveClientIp(request({ 'x-real-ip': spelling }), defaults)).toBe('2001:db8::1');
      expect(resolveClientIp(request({}, spelling), defaults)).toBe('2001:db8::1');
    }
    expect(resolveClientIp(request({ 'x-real-ip': '::ffff:203.0.113.2' }), defaults)).toBe('203.0.113.2');
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
