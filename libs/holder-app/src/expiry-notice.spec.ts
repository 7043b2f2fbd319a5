import { expiryNotice } from './expiry-notice';

describe('expiryNotice', () => {
  const now = new Date(2026, 10, 27, 9, 15);

  it('gives the time alone for an expiry later today', () => {
    expect(expiryNotice(new Date(2026, 10, 27, 9, 20), now, 'en-GB')).toBe('Expires at 09:20');
  });

  it('gives the date too for an expiry a week away, or tomorrow', () => {
    expect(expiryNotice(new Date(2026, 11, 4, 9, 15), now, 'en-GB')).toBe('Expires 4 Dec 2026, 09:15');
    expect(expiryNotice(new Date(2026, 10, 28, 0, 5), now, 'en-GB')).toBe('Expires 28 Nov 2026, 00:05');
  });
});
