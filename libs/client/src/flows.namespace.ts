import { IdflowError } from './idflow-error';
import { FlowEventsOptions, flowEvents } from './flow-events';
import type { FlowState, StateOf } from './flow-state';
import { isTerminal } from './flow-view';
import { sleep } from './sleep';
import type { AccessGrant, CallOptions, Transport } from './transport';

export interface WaitForOptions {
  signal?: AbortSignal;
  /** Give up after this long: the promise rejects with a `TimeoutError` DOMException. */
  timeoutMs?: number;
  /** How often the ping fallback asks, default 2 000 ms (the spec recommends 1 to 3 seconds). */
  pingIntervalMs?: number;
}

const DEFAULT_PING_INTERVAL_MS = 2000;

/** `/api/{version}/flow/*` (spec 4.4): ping, cancel, the held poll, the v1 token, and the v2 event stream. */
export class FlowsNamespace {
  constructor(private readonly transport: Transport) {}

  /** The flow as it stands; v1 takes the access token instead of the secret. */
  async ping<Id extends string>(flowId: Id, options: Pick<CallOptions, 'signal'> = {}): Promise<StateOf<Id>> {
    return this.observe(flowId, 'ping', { ...options, idempotent: true });
  }

  /** Ends an open flow (answered with it, cancelled); 409 once it has ended. */
  async cancel<Id extends string>(flowId: Id, options: CallOptions = {}): Promise<StateOf<Id>> {
    return this.observe(flowId, 'cancel', { ...options, idempotent: options.idempotencyKey !== undefined });
  }

  /**
   * The legacy held connection (`/flow/polling`): answers as soon as the flow ends, or with its current state after the
   * service's POLL_HOLD_SECONDS; call it again until `isTerminal(state.status)`. It takes the access token on v2 too.
   */
  async poll<Id extends string>(flowId: Id, options: Pick<CallOptions, 'signal'> = {}): Promise<StateOf<Id>> {
    return this.observe(flowId, 'polling', { ...options, idempotent: true, token: true });
  }

  /**
   * `GET /api/v1/flow/authorize`: a v1 access token (valid one hour), held by the client for the routes that take it.
   * `sub` and `app`, when given, must name the key's own consumer and app.
   */
  authorize(query: { sub?: string; app?: string } = {}): Promise<AccessGrant> {
    return this.transport.authorize(query);
  }

  /**
   * The flow's states over server-sent events, each one once, ending after the terminal one; reconnects after a
   * dropped connection. Break out of the loop to close the stream.
   */
  events<Id extends string>(flowId: Id, options?: FlowEventsOptions): AsyncGenerator<StateOf<Id>, void, undefined> {
    return flowEvents(this.transport, flowId, options) as AsyncGenerator<StateOf<Id>, void, undefined>;
  }

  /**
   * Resolves with the flow's terminal state (completed, or `cancelled: true`). Listens on `events()` and pings every
   * `pingIntervalMs` instead when the stream cannot be had (no app secret, which personal data needs; too many
   * streams; the stream failing); rejects with the signal's reason when it aborts or `timeoutMs` passes.
   */
  async waitFor<Id extends string>(flowId: Id, options: WaitForOptions = {}): Promise<StateOf<Id>> {
    const signals = [
      options.signal,
      options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
    ];
    const signal = AbortSignal.any(signals.filter((one): one is AbortSignal => one !== undefined));
    if (this.transport.hasSecret) {
      try {
        let last: FlowState | undefined;
        for await (const state of flowEvents(this.transport, flowId, { signal })) last = state;
        if (last && isTerminal(last.status)) return last as StateOf<Id>;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        // A flow that does not exist, or credentials refused, will not fare better by ping.
        if (error instanceof IdflowError && error.status !== 429 && error.status !== 503) throw error;
      }
    }
    for (;;) {
      const state = await this.ping(flowId, { signal });
      if (isTerminal(state.status)) return state;
      await sleep(options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS, signal);
    }
  }

  private async observe<T>(
    flowId: string,
    route: 'ping' | 'cancel' | 'polling',
    call: CallOptions & { idempotent: boolean; token?: boolean },
  ): Promise<T> {
    const data = await this.transport.json<{ request: T }>({
      method: 'POST',
      path: `/api/${this.transport.version}/flow/${route}`,
      body: { request: flowId },
      ...call,
      token: call.token ?? this.transport.version === 'v1',
    });
    return data.request;
  }
}
