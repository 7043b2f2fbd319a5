import { IncomingMessage, request } from 'node:http';

export interface SseEvent {
  event?: string;
  data: unknown;
  /** performance.now() when the event arrived. */
  at: number;
}

/** A minimal EventSource for tests: records every event with its arrival time. */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  contentType = '';
  body = '';
  readonly ended: Promise<void>;
  private response?: IncomingMessage;
  private waiters: Array<() => void> = [];
  private endedResolve!: () => void;
  private buffer = '';

  private constructor() {
    this.ended = new Promise((resolve) => (this.endedResolve = resolve));
  }

  /** `localAddress`: the loopback address to connect from, for a client with an address of its own. */
  static open(url: string, headers: Record<string, string>, localAddress?: string): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const options = { headers: { accept: 'text/event-stream', ...headers }, localAddress };
      const outgoing = request(url, options, (response) => {
        client.response = response;
        client.status = response.statusCode ?? 0;
        client.contentType = response.headers['content-type'] ?? '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => client.receive(chunk));
        response.on('end', () => client.finish());
        response.on('close', () => client.finish());
        resolve(client);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  /** Resolves when at least `count` events have arrived. */
  async waitFor(count: number, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.events.length} of ${count} events arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.events[count - 1];
  }

  close(): void {
    this.response?.destroy();
  }

  private receive(chunk: string): void {
    if (this.status !== 200) {
      this.body += chunk;
      return;
    }
    this.buffer += chunk;
    let boundary: number;
    while ((boundary = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, boundary);
      this.buffer = this.buffer.slice(boundary + 2);
      const lines = block.split('\n');
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
      if (data.length === 0) continue;
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      this.events.push({ event, data: JSON.parse(data.join('\n')), at: performance.now() });
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  private finish(): void {
    this.endedResolve();
    for (const wake of this.waiters.splice(0)) wake();
  }
}
