import { FixedWindowThrottlerStorage } from './fixed-window.throttler-storage';

const MINUTE = 60_000;

describe('FixedWindowThrottlerStorage', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  const hit = (storage: FixedWindowThrottlerStorage, key = 'ip-1', limit = 3) =>
    storage.increment(key, MINUTE, limit, MINUTE, 'default');

  it('counts calls per key in a window, blocks past the limit for the block duration, then counts afresh', async () => {
    const storage = new FixedWindowThrottlerStorage();
    for (let call = 1; call <= 3; call++) {
      await expect(hit(storage)).resolves.toEqual({
        totalHits: call,
        timeToExpire: 60,
        isBlocked: false,
        timeToBlockExpire: 0,
      });
    }
    await expect(hit(storage, 'ip-2')).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
    jest.advanceTimersByTime(20_000);
    await expect(hit(storage)).resolves.toEqual({
      totalHits: 4,
      timeToExpire: 40,
      isBlocked: true,
      timeToBlockExpire: 60,
    });
    jest.advanceTimersByTime(40_000);
    await expect(hit(storage)).resolves.toMatchObject({ totalHits: 1, isBlocked: true, timeToBlockExpire: 20 });
    jest.advanceTimersByTime(20_000);
    await expect(hit(storage)).resolves.toEqual({
      totalHits: 2,
      timeToExpire: 40,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it('keeps one counter per client however high the limit, and forgets clients whose window has ended', async () => {
    const storage = new FixedWindowThrottlerStorage();
    for (let call = 0; call < 50_000; call++) await hit(storage, 'busy', 1_000_000_000);
    await expect(hit(storage, 'busy', 1_000_000_000)).resolves.toMatchObject({ totalHits: 50_001, isBlocked: false });
    for (let client = 0; client < 1000; client++) await hit(storage, `ip-${client}`);
    jest.advanceTimersByTime(MINUTE);
    await hit(storage, 'late');
    expect((storage as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
