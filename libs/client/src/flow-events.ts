import { IdflowError } from './idflow-error';
import type { FlowState } from './flow-state';
import { isTerminal } from './flow-view';
import { SseParser } from './sse-parser';
import { sleep } from './sleep';
import type { Transport } from './transport';

export interface FlowEventsOptions {
  signal?: AbortSignal;
  /**
   * Reconnections in a row that may bring nothing before the iterator gives up with the last error. Default 5. A
   * refusal (404, 401, 429 for too many streams) ends it at once with its IdflowError; the client's `retry` option
   * retries 429 and 503 first.
   */
  maxReconnects?: number;
}

/** The service's own default before reconnecting; a `retry:` field of the stream replaces it. */
const DEFAULT_RECONNECT_MS = 1000;

/**
 * The flow's states from `GET /api/v2/flow/sse`, each one once (the stream repeats an unchanged state every 2 seconds
 * to keep the connection alive), ending after the terminal state. A dropped connection, or an instance that stops, is
 * reconnected after the stream's `retry` delay, with `Last-Event-ID` once the stream has named its events; the service
 * answers a new stream with the current state at once, so nothing between is lost.
 */
export async function* flowEvents(
  transport: Transport,
  flowId: string,
  options: FlowEventsOptions = {},
): AsyncGenerator<FlowState, void, undefined> {
  const maxReconnects = options.maxReconnects ?? 5;
  // Aborted when the caller stops iterating, so the connection does not outlive the loop.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let lastEventId: string | undefined;
  let reconnectMs = DEFAULT_RECONNECT_MS;
  let failures = 0;
  let shown: string | undefined;
  try {
    for (;;) {
      let failure: unknown = new Error(`The event stream of ${flowId} ended without an event`);
      try {
        const response = await transport.stream(
          {
            method: 'GET',
            path: '/api/v2/flow/sse',
            query: { request: flowId },
            idempotent: true,
            accept: 'text/event-stream',
            signal,
          },
          lastEventId,
        );
        const parser = new SseParser();
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
            lastEventId = event.id ?? lastEventId;
            reconnectMs = event.retry ?? reconnectMs;
            if (event.event !== 'message') continue;
            failures = 0;
            const state = (JSON.parse(event.data) as { data: { request: FlowState } }).data.request;
            if (event.data !== shown) {
              shown = event.data;
              yield state;
            }
            if (isTerminal(state.status)) return;
          }
        }
        // The stream ended before the flow did: an instance stopping (its `shutdown` event) or a proxy cutting it.
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof IdflowError) throw error;
        failure = error;
      }
      // Only connections that brought nothing count against the limit.
      if (failures++ >= maxReconnects) throw failure;
      await sleep(reconnectMs, signal);
    }
  } finally {
    stop.abort();
  }
}
