import type { Logger } from '@nestjs/common';

/**
 * Work an instance repeats on a timer (sweeps): one pass at a time, never doubled by a timer firing while one runs; a
 * failed pass is logged, and the next one tries again. The timer never keeps the process alive, and `stop` waits for
 * the pass under way.
 */
export class PeriodicPass<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T | undefined>;

  constructor(
    private readonly pass: () => Promise<T>,
    private readonly logger: Logger,
    /** The log line of a failed pass. */
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass now; undefined when it failed, or when a pass already under way made this one pointless. */
  async runOnce(): Promise<T | undefined> {
    if (this.running) return undefined;
    this.running = this.pass()
      .catch((error: unknown) => {
        this.logger.error({ err: error }, this.failure);
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
