import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { WalletClient } from './wallet-client';
import type { HolderFlow, InboxEvent } from './wallet-types';

export interface StreamHandlers {
  inbox(inbox: InboxEvent): void;
  flow(flow: HolderFlow): void;
  connected(up: boolean): void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000];

/**
 * The device stream: EventSource cannot send the Authorization header a device proof travels in, so the app reads
 * the server-sent events over fetch, and opens a new stream (with a new proof) whenever one ends.
 */
export function followDeviceStream(client: WalletClient, handlers: StreamHandlers): () => void {
  const stop = new AbortController();
  let failures = 0;

  async function once(): Promise<void> {
    const path = client.streamPath();
    const response = await fetch(path, {
      headers: { authorization: await client.proof('GET', path), accept: 'text/event-stream' },
      signal: stop.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) throw new Error(`device stream answered ${response.status}`);
    handlers.connected(true);
    failures = 0;
    const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
    for await (const event of events) {
      if (event.event === 'inbox') handlers.inbox(JSON.parse(event.data) as InboxEvent);
      else if (event.event === 'flow') handlers.flow(JSON.parse(event.data) as HolderFlow);
    }
  }

  void (async () => {
    while (!stop.signal.aborted) {
      await once().catch(() => undefined);
      if (stop.signal.aborted) return;
      handlers.connected(false);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]));
    }
  })();
  return () => stop.abort();
}
