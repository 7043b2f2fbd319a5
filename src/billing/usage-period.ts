import { RequestValidationError } from '../common/errors/request-validation.error';
import { dateOf, daysBetween } from './billing-calendar';

/** The longest period one usage report covers. */
export const MAX_REPORT_DAYS = 366;

export interface UsagePeriod {
  /** `YYYY-MM-DD`, UTC, included. */
  from: string;
  /** `YYYY-MM-DD`, UTC, included. */
  to: string;
}

/**
 * The period a usage report asks for: `to` defaults to today and `from` to the first day of `to`'s month. Both are
 * already well-formed dates (the DTO checks that); here the two are checked together.
 */
export function resolveUsagePeriod(query: Partial<UsagePeriod>, now = Date.now()): UsagePeriod {
  const to = query.to ?? dateOf(now);
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) {
    throw new RequestValidationError([{ code: 'custom', path: ['from'], message: 'from must not be after to' }]);
  }
  if (daysBetween(from, to) > MAX_REPORT_DAYS) {
    throw new RequestValidationError([
      {
        code: 'too_big',
        path: ['to'],
        message: `the period from from to to may cover at most ${MAX_REPORT_DAYS} days`,
      },
    ]);
  }
  return { from, to };
}
