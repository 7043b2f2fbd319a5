import type { AppConfig } from '../../config/app-config';
import { TooManyStreamsError } from '../errors/too-many-streams.error';
import { StreamQuota } from './stream-quota';

const quota = () =>
  new StreamQuota({
    STREAMS_PER_FLOW: 2,
    STREAMS_PER_APP: 3,
    STREAMS_PER_CLIENT_IP: 3,
    RATE_LIMIT_IPV6_PREFIX: 64,
  } as AppConfig);

describe('StreamQuota', () => {
  it('refuses past the cap of any owner and counts nothing for a refused stream', () => {
    const streams = quota();
    streams.acquire({ flow: 'f1', app: 'a1', clientIp: '203.0.113.1' });
    streams.acquire({ flow: 'f1', app: 'a1', clientIp: '203.0.113.2' });
    expect(() => streams.acquire({ flow: 'f1', app: 'a1', clientIp: '203.0.113.3' })).toThrow(
      new TooManyStreamsError('flow', 30),
    );
    // The refused stream did not take the app's last place.
    streams.acquire({ flow: 'f2', app: 'a1', clientIp: '203.0.113.3' });
    expect(() => streams.acquire({ flow: 'f3', app: 'a1', clientIp: '203.0.113.4' })).toThrow(/this app/);
  });

  it('frees a place when a stream is released, once however often release is called', () => {
    const streams = quota();
    const release = streams.acquire({ flow: 'f1', clientIp: '203.0.113.1' });
    streams.acquire({ flow: 'f1', clientIp: '203.0.113.2' });
    release();
    release();
    streams.acquire({ flow: 'f1', clientIp: '203.0.113.3' });
    expect(() => streams.acquire({ flow: 'f1', clientIp: '203.0.113.4' })).toThrow(/this flow/);
  });

  it('counts IPv6 clients by network', () => {
    const streams = quota();
    for (const host of ['1', '2', '3']) streams.acquire({ clientIp: `2001:db8:5:6::${host}` });
    expect(() => streams.acquire({ clientIp: '2001:db8:5:6:ffff::9' })).toThrow(/this client IP/);
    streams.acquire({ clientIp: '2001:db8:5:7::1' });
  });
});
