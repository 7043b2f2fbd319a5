import { RequestValidationError } from '../common/errors/request-validation.error';
import { resolveUsagePeriod } from './usage-period';

describe('resolveUsagePeriod', () => {
  const now = Date.UTC(2025, 10, 17, 12);

  it('defaults to this month so far, and `from` to the first day of the month of `to`', () => {
    expect(resolveUsagePeriod({}, now)).toEqual({ from: '2025-11-01', to: '2025-11-17' });
    expect(resolveUsagePeriod({ to: '2025-02-14' }, now)).toEqual({ from: '2025-02-01', to: '2025-02-14' });
    expect(resolveUsagePeriod({ from: '2025-11-10' }, now)).toEqual({ from: '2025-11-10', to: '2025-11-17' });
  });

  it('refuses a period that ends before it starts, or is longer than 366 days', () => {
    const issueOf = (query: { from?: string; to?: string }) => {
      try {
        resolveUsagePeriod(query, now);
      } catch (error) {
        expect(error).toBeInstanceOf(RequestValidationError);
        return (error as RequestValidationError).issues[0];
      }
      throw new Error('expected a validation error');
    };
    expect(issueOf({ from: '2025-11-18' })).toMatchObject({ path: ['from'], message: 'from must not be after to' });
    expect(issueOf({ from: '2024-11-16', to: '2025-11-17' })).toMatchObject({ path: ['to'], code: 'too_big' });
    expect(resolveUsagePeriod({ from: '2024-11-17', to: '2025-11-17' }, now)).toEqual({
      from: '2024-11-17',
      to: '2025-11-17',
    });
  });
});
