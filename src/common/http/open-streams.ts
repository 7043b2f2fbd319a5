import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { Metrics } from '../metrics/metrics';
import { EventStream } from './event-stream';
import { StreamQuota, type StreamOwners } from './stream-quota';

/**
 * Every server-sent event stream this instance holds open: each is counted against its owners' caps when it opens, and
 * all are ended with a `shutdown` event when the instance stops, so that the HTTP server can close (an open stream
 * would hold it open for as long as its client likes) and clients reconnect elsewhere at once.
 */
@Injectable()
export class OpenStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger(OpenStreams.name);
  private readonly streams = new Set<EventStream>();

  constructor(
    private readonly quota: StreamQuota,
    metrics: Metrics,
  ) {
    metrics.sampledGauge(
      'idflow_sse_streams_open',
      'Server-sent event streams this instance holds open (flow, device and review streams)',
      () => this.streams.size,
    );
  }

  /** Starts a stream on the response, or refuses it with 429 when one of its owners is at its cap. */
  open(response: Response, owners: StreamOwners): EventStream {
    const release = this.quota.acquire(owners);
    const events = new EventStream(response);
    this.streams.add(events);
    events.onClose(() => {
      release();
      this.streams.delete(events);
    });
    return events;
  }

  beforeApplicationShutdown(signal?: string): void {
    if (this.streams.size === 0) return;
    this.logger.log({ streams: this.streams.size, signal }, 'Ending open event streams; clients are told to reconnect');
    for (const events of [...this.streams]) events.endForShutdown();
  }
}
