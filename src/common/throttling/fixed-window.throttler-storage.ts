import type { ThrottlerStorage } from '@nestjs/throttler';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Window {
  hits: number;
  endsAt: number;
  blockedUntil: number;
}

/**
 * The in-memory counters of a single instance: a fixed window per client, as the Redis storage counts when there are
 * several instances, so both count alike. The throttler's own in-memory storage keeps one timestamp per call and
 * filters them all on every call, which costs more per request the higher an operator raises the limit. Here a call
 * costs the same whatever the limit; windows that have ended are swept at most once per window length.
 */
export class FixedWindowThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  // The interface is asynchronous for shared stores; this one answers at once.
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    this.sweep(now, ttl);
    const id = `${throttlerName}:${key}`;
    let window = this.windows.get(id);
    if (!window) {
      window = { hits: 0, endsAt: 0, blockedUntil: 0 };
      this.windows.set(id, window);
    }
    if (window.endsAt <= now) {
      window.hits = 0;
      window.endsAt = now + ttl;
    }
    window.hits++;
    let isBlocked = window.blockedUntil > now;
    if (!isBlocked && window.hits > limit) {
      window.blockedUntil = now + blockDuration;
      isBlocked = true;
    }
    return {
      totalHits: window.hits,
      timeToExpire: Math.ceil((window.endsAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  private sweep(now: number, ttl: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + ttl;
    for (const [id, window] of this.windows) {
      if (window.endsAt <= now && window.blockedUntil <= now) this.windows.delete(id);
    }
  }
}
