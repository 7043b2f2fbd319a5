import {
  dateOf,
  dateOfDayNumber,
  datePeriod,
  dayNumberOf,
  daysBetween,
  monthOf,
  monthPeriod,
  startOfDate,
} from './billing-calendar';

describe('billing calendar (UTC)', () => {
  it('names the month and day of a time in UTC, whatever the local zone', () => {
    const lastMomentOfOctober = Date.UTC(2025, 9, 31, 23, 59, 59, 999);
    expect(monthOf(lastMomentOfOctober)).toBe('2025-10');
    expect(monthOf(lastMomentOfOctober + 1)).toBe('2025-11');
    expect(dateOf(lastMomentOfOctober)).toBe('2025-10-31');
  });

  it('reads only real calendar dates', () => {
    expect(startOfDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(startOfDate('2025-02-29')).toBeUndefined();
    expect(startOfDate('2025-13-01')).toBeUndefined();
    expect(startOfDate('2025-1-01')).toBeUndefined();
    expect(startOfDate('2025-01-01T00:00:00Z')).toBeUndefined();
  });

  it('gives periods that include their last day and end where the next begins', () => {
    expect(monthPeriod('2025-12')).toEqual({ start: Date.UTC(2025, 11, 1), end: Date.UTC(2026, 0, 1) });
    expect(datePeriod('2025-11-03', '2025-11-03')).toEqual({
      start: Date.UTC(2025, 10, 3),
      end: Date.UTC(2025, 10, 4),
    });
    expect(daysBetween('2025-11-03', '2025-11-03')).toBe(1);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('numbers days from the epoch and back', () => {
    const time = Date.UTC(2025, 10, 3, 17, 30);
    expect(dateOfDayNumber(dayNumberOf(time))).toBe('2025-11-03');
  });
});
