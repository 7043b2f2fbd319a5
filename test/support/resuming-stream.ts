import { RECONNECT_AFTER_MS, SHUTDOWN_EVENT } from '../../src/common/http/event-stream';
import { SseClient, type SseEvent } from './sse-client';

/**
 * A flow's event stream as a browser's EventSource keeps it: when an instance ends it with `event: shutdown`, it
 * reconnects to the same URL (through the load balancer, so to another instance) after the `retry:` delay, until the
 * stream ends with the flow's final state.
 */
export class ResumingStream {
  /** Every event, of every connection, in order. */
  readonly events: SseEvent[] = [];
  /** When each reconnection's first event arrived, against the shutdown event that caused it (ms). */
  readonly resumedAfterMs: number[] = [];
  readonly finished: Promise<void>;
  private current?: SseClient;

  private constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly localAddress: string,
  ) {
    this.finished = this.follow();
    // Awaited by the suite once the roll is over; a stream refused meanwhile must not count as unhandled before then.
    this.finished.catch(() => undefined);
  }

  static open(url: string, headers: Record<string, string>, localAddress: string): ResumingStream {
    return new ResumingStream(url, headers, localAddress);
  }

  get reconnections(): number {
    return this.resumedAfterMs.length;
  }

  /** Resolves once the stream has shown its first state. */
  async opened(): Promise<void> {
    while (!this.current || this.current.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  close(): void {
    this.current?.close();
  }

  private async follow(): Promise<void> {
    let shutdownAt: number | undefined;
    for (;;) {
      const client = await SseClient.open(this.url, this.headers, this.localAddress);
      if (client.status !== 200) throw new Error(`the stream answered ${client.status}: ${client.body}`);
      this.current = client;
      if (shutdownAt !== undefined) {
        const first = await client.waitFor(1);
        this.resumedAfterMs.push(first.at - shutdownAt);
      }
      await client.ended;
      this.events.push(...client.events);
      const last = client.events[client.events.length - 1];
      if (last?.event !== SHUTDOWN_EVENT) return;
      shutdownAt = last.at;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_AFTER_MS));
    }
  }
}
