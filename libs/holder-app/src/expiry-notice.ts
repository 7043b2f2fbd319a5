import { STRINGS } from './strings';

/**
 * When a request expires, as the person reads it: the time alone when that is today, with the date otherwise, since a
 * document may stay open for a week and "Expires at 14:30" would not say which day.
 */
export function expiryNotice(expiresAt: Date, now = new Date(), locale?: string): string {
  if (expiresAt.toDateString() === now.toDateString()) {
    return STRINGS.flow.expiresToday(expiresAt.toLocaleTimeString(locale, { timeStyle: 'short' }));
  }
  return STRINGS.flow.expiresOn(expiresAt.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }));
}
