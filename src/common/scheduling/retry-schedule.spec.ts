import { afterFailedAttempt, attemptsAllowed } from './retry-schedule';

describe('retry schedule', () => {
  const schedule = [5, 300, 1800, 7200, 18000, 36000];
  const now = 1_000_000;

  it('allows a first attempt and one retry per entry', () => {
    expect(attemptsAllowed(schedule)).toBe(7);
    expect(attemptsAllowed([1, 1])).toBe(3);
  });

  it('waits each entry in turn after each failure', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((attempts) => {
      const next = afterFailedAttempt(attempts, 7, schedule, now);
      return next.status === 'pending' ? (next.nextAttemptAt - now) / 1000 : next.status;
    });
    expect(waits).toEqual(schedule);
  });

  it('fails for good after the last allowed attempt', () => {
    expect(afterFailedAttempt(7, 7, schedule, now)).toEqual({ status: 'failed', nextAttemptAt: null });
    expect(afterFailedAttempt(3, 3, [1, 1], now)).toEqual({ status: 'failed', nextAttemptAt: null });
  });

  it('a redelivered delivery gets exactly its one extra attempt', () => {
    expect(afterFailedAttempt(8, 8, schedule, now).status).toBe('failed');
  });

  it('reuses the last entry when more attempts are allowed than the schedule is long', () => {
    expect(afterFailedAttempt(3, 5, [1, 2], now)).toEqual({ status: 'pending', nextAttemptAt: now + 2000 });
  });

  it('accepts fractions of a second', () => {
    expect(afterFailedAttempt(1, 3, [0.25], now)).toEqual({ status: 'pending', nextAttemptAt: now + 250 });
  });
});
