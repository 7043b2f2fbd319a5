import type { Response } from 'express';

/** The event that ends every open stream when an instance stops; clients reconnect (to another instance). */
export const SHUTDOWN_EVENT = 'shutdown';
/** The `retry:` hint sent with it, in milliseconds: EventSource waits this long before reconnecting. */
export const RECONNECT_AFTER_MS = 1000;

/**
 * A server-sent event stream on an Express response. `closed` fires once, whether the client went away or the server
 * ended the stream, so whoever opened it can release what it holds.
 */
export class EventStream {
  private ended = false;
  private lastEvent?: string;
  private readonly closeHandlers: Array<() => void> = [];

  constructor(private readonly response: Response) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    response.flushHeaders();
    // The response, not the request: a request's 'close' fires as soon as its body has been read.
    response.on('close', () => this.finish());
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  onClose(handler: () => void): void {
    this.closeHandlers.push(handler);
  }

  send(data: unknown, event?: string): void {
    if (this.ended) return;
    const prefix = event ? `event: ${event}\n` : '';
    this.lastEvent = `${prefix}data: ${JSON.stringify(data)}\n\n`;
    this.response.write(this.lastEvent);
  }

  /** Sends the last event again, as written: a periodic re-send of an unchanged state costs no serialisation. */
  repeat(): void {
    if (!this.ended && this.lastEvent) this.response.write(this.lastEvent);
  }

  /** A comment line: keeps idle connections from being cut by proxies, invisible to EventSource. */
  keepAlive(): void {
    if (!this.ended) this.response.write(': keep-alive\n\n');
  }

  end(): void {
    this.finish();
  }

  /** Ends the stream because this instance stops: a final `shutdown` event tells the client to reconnect. */
  endForShutdown(): void {
    if (this.ended) return;
    this.response.write(`retry: ${RECONNECT_AFTER_MS}\nevent: ${SHUTDOWN_EVENT}\ndata: {"reconnect":true}\n\n`);
    this.finish();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.response.end();
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
