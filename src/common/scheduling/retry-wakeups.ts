/**
 * Timers for retries due sooner than a worker's next pass: each calls `wake` at its time, so a short retry schedule is
 * kept to the letter rather than rounded up to the pass. Retries due later are left to the pass. Timers never hold the
 * process open, and `clear` drops them all at shutdown.
 */
export class RetryWakeups {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly passMs: number,
    private readonly wake: () => void,
  ) {}

  at(time: number): void {
    const delay = time - Date.now();
    if (delay >= this.passMs) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.wake();
      },
      Math.max(0, delay),
    );
    timer.unref();
    this.timers.add(timer);
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
