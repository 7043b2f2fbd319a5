import { base62Time, newId, randomBase62, randomPoolBytes } from './random-id';

describe('random ids', () => {
  it('produces base62 strings of the asked length', () => {
    for (const length of [1, 24, 40, 100]) expect(randomBase62(length)).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
  });

  it('uses every base62 character', () => {
    const seen = new Set(randomBase62(20000));
    expect(seen.size).toBe(62);
  });

  it('gives distinct ids across many refills of its block of random bytes, longer ones than a block included', () => {
    const ids = Array.from({ length: 2000 }, () => randomBase62(32));
    expect(new Set(ids).size).toBe(ids.length);
    expect(randomBase62(10_000)).toMatch(/^[0-9A-Za-z]{10000}$/);
  });

  it('follows the identifier shapes of the design', () => {
    expect(newId.consumer()).toMatch(/^bcn_[0-9A-Za-z]{24}$/);
    expect(newId.app()).toMatch(/^app_[0-9A-Za-z]{24}$/);
    expect(newId.appSecret()).toMatch(/^snb_[0-9A-Za-z]{40}$/);
    expect(newId.apiKey('sandbox')).toMatch(/^bk-test_[0-9A-Za-z]{40}$/);
    expect(newId.apiKey('production')).toMatch(/^bk-live_[0-9A-Za-z]{40}$/);
    expect(newId.webhookMessage()).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(Buffer.from(newId.webhookSecret().slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newId.usageRecord(Date.now())).toMatch(/^use_[0-9A-Za-z]{24}$/);
    expect(newId.flow(Date.now())).toMatch(/^req_[0-9A-Za-z]{24}$/);
  });

  it('draws distinct bytes from its block, across refills', () => {
    const chunks = Array.from({ length: 1000 }, () => randomPoolBytes(12).toString('hex'));
    expect(new Set(chunks).size).toBe(chunks.length);
    expect(chunks.every((chunk) => chunk.length === 24)).toBe(true);
  });

  it.each([
    ['usage record', newId.usageRecord],
    ['flow', newId.flow],
  ])('orders %s ids by their time, as text', (_name, make) => {
    const times = [0, 1, 61, 62, 1_700_000_000_000, 1_800_000_000_123, 1_800_000_000_124, 200_000_000_000_000];
    const ids = times.map((time) => make(time));
    expect([...ids].sort()).toEqual(ids);
    expect(base62Time(0)).toBe('00000000');
    expect(base62Time(62)).toBe('00000010');
  });
});
