/** One dispatched server-sent event. */
export interface ServerSentEvent {
  /** `message` unless the stream named another type. */
  event: string;
  data: string;
  /** The stream's last event id as of this event, if it ever sent one. */
  id?: string;
  /** A reconnection delay the server asked for with this event, in milliseconds. */
  retry?: number;
}

/**
 * Reads a `text/event-stream` body as the HTML standard's event-stream interpretation does (lines ending in CRLF, LF or
 * CR; `field: value`; comments; a blank line dispatches), fed with text in chunks of any size.
 */
export class SseParser {
  private buffer = '';
  /** A chunk ended in CR: an LF opening the next one belongs to the same line ending. */
  private pendingCr = false;
  private data: string[] = [];
  private event = '';
  private lastEventId?: string;
  private retry?: number;

  push(text: string): ServerSentEvent[] {
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const dispatched: ServerSentEvent[] = [];
    let end: RegExpExecArray | null;
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    while ((end = lineEnd.exec(this.buffer)) !== null) {
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (end[0] === '\r' && end.index === this.buffer.length - 1) this.pendingCr = true;
      const event = this.line(this.buffer.slice(start, end.index));
      if (event) dispatched.push(event);
      start = end.index + end[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return dispatched;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    const retry = this.retry;
    this.retry = undefined;
    if (this.data.length === 0) {
      this.event = '';
      // A retry with no data still tells the reader how long to wait before reconnecting.
      return retry === undefined ? undefined : { event: '', data: '', id: this.lastEventId, retry };
    }
    const event: ServerSentEvent = { event: this.event || 'message', data: this.data.join('\n'), id: this.lastEventId };
    if (retry !== undefined) event.retry = retry;
    this.data = [];
    this.event = '';
    return event;
  }
}
