import { dropUntrustedForwarding } from './untrusted-forwarding';

describe('dropUntrustedForwarding', () => {
  const forwarded = () => ({
    host: 'idflow.example',
    forwarded: 'proto=https;host=evil.example',
    'x-forwarded-for': '203.0.113.1',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  });

  it('keeps what a trusted proxy says', () => {
    const request = { headers: forwarded(), fromTrustedProxy: true };
    dropUntrustedForwarding(request);
    expect(request.headers).toEqual(forwarded());
  });

  it('drops what any other peer says about forwarding, and nothing else', () => {
    for (const fromTrustedProxy of [false, undefined]) {
      const request = { headers: forwarded(), fromTrustedProxy };
      dropUntrustedForwarding(request);
      expect(request.headers).toEqual({ host: 'idflow.example' });
    }
  });
});
