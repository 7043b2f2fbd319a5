import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { successEnvelope } from '../common/envelope/envelope';
import { OpenStreams } from '../common/http/open-streams';
import { StreamHeartbeat } from '../common/http/stream-heartbeat';
import { FlowEventBus } from '../flows/events/flow-event-bus';
import { SSE_INTERVAL_MS } from '../flows/flow-observer.service';
import type { ReviewState } from './review-state';
import { ReviewService } from './review.service';

/**
 * Follows a review document for its page: the state at once, again on every change published on the flow event bus
 * (from any instance) and whenever the bus may have missed some, and every SSE_INTERVAL_MS so the page can tell a live
 * stream from a stalled one; it ends once the document has ended. Each change is read back from the database rather
 * than taken from the event, which carries the integrators' view with full NINs.
 */
@Injectable()
export class ReviewObserverService {
  private readonly heartbeat = new StreamHeartbeat(SSE_INTERVAL_MS);

  constructor(
    private readonly review: ReviewService,
    private readonly bus: FlowEventBus,
    private readonly streams: OpenStreams,
  ) {}

  async stream(docId: string, response: Response, clientIp: string): Promise<void> {
    let current = await this.review.state(docId);
    // Anyone with the link may follow it: capped per document and per client like every stream.
    const events = this.streams.open(response, { flow: current.id, clientIp });
    const show = (state: ReviewState) => {
      current = state;
      events.send(successEnvelope('Review state', 'v2', { review: state }));
      if (!state.open) events.end();
    };
    const refresh = this.serialized(
      async () => show(await this.review.state(docId)),
      () => events.end(),
    );
    events.onClose(this.bus.onFlow(current.id, refresh, refresh));
    events.onClose(
      this.heartbeat.join(() => {
        // Expiry is applied when a document is read, so a page left open past it learns of it here.
        if (Date.now() >= current.exp * 1000) refresh();
        else events.repeat();
      }),
    );
    // Read again after subscribing, so a change made in between is not missed.
    refresh();
  }

  /**
   * Runs `read` one at a time, and once more after a run during which it was asked for again, so a burst of changes
   * costs at most two reads and an older state is never sent after a newer one.
   */
  private serialized(read: () => Promise<void>, onError: () => void): () => void {
    let running = false;
    let again = false;
    const run = async () => {
      running = true;
      try {
        do {
          again = false;
          await read();
        } while (again);
      } catch {
        onError();
      } finally {
        running = false;
      }
    };
    return () => {
      if (running) again = true;
      else void run();
    };
  }
}
