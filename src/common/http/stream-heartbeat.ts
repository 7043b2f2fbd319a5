/** How many slots a period is cut into: each tick beats about 1/SLOTS of the streams, not all of them at once. */
const SLOTS = 20;

/**
 * One timer for every open stream's periodic beat (a re-send or a keep-alive), instead of an interval per stream: at
 * tens of thousands of streams the per-stream timers and their closures were a large share of a stream's memory.
 * Streams are spread over the period by when they joined, so a tick writes to a slice of them, and a beat comes at most
 * one period after the last (the first one a little sooner). The timer runs only while some stream is beating.
 */
export class StreamHeartbeat {
  private readonly slots = Array.from({ length: SLOTS }, () => new Set<() => void>());
  private cursor = 0;
  private beating = 0;
  private timer?: NodeJS.Timeout;

  constructor(private readonly periodMs: number) {}

  /** Calls `beat` about every period until the returned function is called. */
  join(beat: () => void): () => void {
    // The slot that just ticked comes round again one whole period from now.
    const slot = this.slots[this.cursor];
    slot.add(beat);
    this.beating += 1;
    this.timer ??= setInterval(() => this.tick(), this.periodMs / SLOTS);
    return () => {
      if (!slot.delete(beat)) return;
      this.beating -= 1;
      if (this.beating > 0) return;
      clearInterval(this.timer);
      this.timer = undefined;
    };
  }

  private tick(): void {
    this.cursor = (this.cursor + 1) % SLOTS;
    // A copy: a stream that ends in its beat, or joins meanwhile, changes the slot being walked.
    for (const beat of [...this.slots[this.cursor]]) beat();
  }
}
