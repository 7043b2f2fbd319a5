import { retryAfterSeconds } from './retry-after';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('reads delay seconds and HTTP dates, a date in the past as 0', () => {
    expect(retryAfterSeconds('17', now)).toBe(17);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('has nothing to say about a missing, empty or unreadable header', () => {
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds(' ', now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('-5', now)).toBeUndefined();
  });
});
