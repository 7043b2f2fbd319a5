import { IdflowError, ValidationIssue } from './idflow-error';
import { retryAfterSeconds } from './retry-after';
import { sleep } from './sleep';

export type ApiVersion = 'v1' | 'v2';

/** Retrying idempotent calls refused with 429 or 503. */
export interface RetryOptions {
  /** Retries after the first attempt (0, the default, never retries). */
  attempts?: number;
  /** The longest wait a `Retry-After` may ask for; a longer one fails at once. Default 30 000 ms. */
  maxDelayMs?: number;
}

export interface ClientOptions {
  /** `bk-test_...` (sandbox) or `bk-live_...` (production): sent on every call. */
  apiKey: string;
  /** `snb_...`: v2 routes, v1 same-device routes and `flows.authorize()`; personal data on `flows.events()`. */
  appSecret?: string;
  /**
   * A v1 access token you already hold. Without one, the client asks `flows.authorize()` for one (with the app
   * secret) the first time a route needs it, and again shortly before it expires.
   */
  accessToken?: string;
  /** The service's origin, default `http://localhost:3000`. */
  basePath?: string;
  /** Which route family the namespaces call, default `v2`. */
  version?: ApiVersion;
  retry?: RetryOptions;
}

/** What `GET /api/v1/flow/authorize` grants: the token is also held by the client for the routes that need it. */
export interface AccessGrant {
  token: string;
  /** Unix seconds. */
  exp: number;
}

/** Per-call options of the routes that change something. */
export interface CallOptions {
  /**
   * Sent as `Idempotency-Key`: a repeat with the same key and body within 24 hours gets the first answer and creates
   * nothing. A create that carries one is retried like a read when `retry` is on.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

interface Envelope<T> {
  status: string;
  reason: string;
  data?: T;
  errors?: ValidationIssue[];
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Safe to send again: reads, and creates under an Idempotency-Key. */
  idempotent: boolean;
  /** The route takes the v1 access token. */
  token?: boolean;
  accept?: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
/** Without a Retry-After, a refused call waits this long before its retry. */
const DEFAULT_RETRY_DELAY_MS = 1000;
/** A held token is renewed this long before it expires, so a call never goes out with one about to lapse. */
const TOKEN_RENEWAL_MARGIN_SECONDS = 60;

/** Sends requests with the app's credentials and unwraps the envelope, turning every failure into an IdflowError. */
export class Transport {
  readonly basePath: string;
  readonly version: ApiVersion;
  private grant?: AccessGrant;

  constructor(private readonly options: ClientOptions) {
    this.basePath = (options.basePath ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.version = options.version ?? 'v2';
  }

  get hasSecret(): boolean {
    return this.options.appSecret !== undefined;
  }

  async json<T>(call: Call): Promise<T> {
    const response = await this.send(call);
    return ((await response.json()) as Envelope<T>).data as T;
  }

  async text(call: Call): Promise<string> {
    return (await this.send(call)).text();
  }

  /** The response of a `text/event-stream` route, once the stream has started. */
  stream(call: Call, lastEventId?: string): Promise<Response> {
    return this.send(call, lastEventId === undefined ? {} : { 'last-event-id': lastEventId });
  }

  /** Asks for a v1 access token and holds it for the routes that take one. */
  async authorize(query: { sub?: string; app?: string } = {}): Promise<AccessGrant> {
    const grant = await this.json<AccessGrant>({
      method: 'GET',
      path: '/api/v1/flow/authorize',
      query,
      idempotent: true,
    });
    this.grant = grant;
    return grant;
  }

  private async send(call: Call, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const headers = { ...(await this.headers(call)), ...extraHeaders };
    const url = new URL(`${this.basePath}${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const attempts = call.idempotent ? (this.options.retry?.attempts ?? 0) : 0;
    const maxDelayMs = this.options.retry?.maxDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: call.signal,
      });
      if (response.ok) return response;
      const failure = await this.failure(response);
      const delayMs = failure.retryAfter === undefined ? DEFAULT_RETRY_DELAY_MS : failure.retryAfter * 1000;
      const retryable = failure.status === 429 || failure.status === 503;
      if (!retryable || attempt >= attempts || delayMs > maxDelayMs) throw failure;
      await sleep(delayMs, call.signal);
    }
  }

  private async headers(call: Call): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      'x-api-key': this.options.apiKey,
      accept: call.accept ?? 'application/json',
    };
    if (this.options.appSecret !== undefined) headers['x-access-secret'] = this.options.appSecret;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
    const token = call.token ? await this.accessToken() : undefined;
    if (token !== undefined) headers['x-access-token'] = token;
    return headers;
  }

  private async accessToken(): Promise<string | undefined> {
    if (this.options.accessToken !== undefined) return this.options.accessToken;
    const fresh = this.grant && this.grant.exp - TOKEN_RENEWAL_MARGIN_SECONDS > Date.now() / 1000;
    // Without the secret no token can be had: the call goes out without one and the service says what is missing.
    if (!fresh && this.hasSecret) await this.authorize();
    return this.grant?.token;
  }

  private async failure(response: Response): Promise<IdflowError> {
    const text = await response.text();
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    try {
      const envelope = JSON.parse(text) as Envelope<unknown>;
      return new IdflowError(response.status, envelope.reason ?? text, envelope, envelope.errors ?? [], retryAfter);
    } catch {
      return new IdflowError(response.status, text, text, [], retryAfter);
    }
  }
}
