import { IdflowError } from './idflow-error';

export interface ClientOptions {
  /** The `bk-test_` or `bk-live_` API key. */
  apiKey: string;
  /** The app secret, `snb_...`. */
  appSecret?: string;
  /** Base address of the service, without a trailing slash; defaults to http://localhost:3000. */
  basePath?: string;
  /** API version of the routes; defaults to v2. */
  version?: 'v1' | 'v2';
  /** Sent as `x-access-token` where v1 routes need it. */
  accessToken?: string;
}

interface Envelope<T> {
  status: string;
  reason: string;
  data?: T;
  errors?: IdflowError['errors'];
}

/** Sends requests with the app's credentials and unwraps the envelope, turning every failure into an IdflowError. */
export class Transport {
  readonly basePath: string;
  readonly version: 'v1' | 'v2';

  constructor(private readonly options: ClientOptions) {
    this.basePath = (options.basePath ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.version = options.version ?? 'v2';
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'x-api-key': this.options.apiKey, accept: 'application/json' };
    if (this.options.appSecret) headers['x-access-secret'] = this.options.appSecret;
    if (this.options.accessToken) headers['x-access-token'] = this.options.accessToken;
    return headers;
  }

  async text(path: string): Promise<string> {
    const response = await fetch(`${this.basePath}${path}`, { headers: this.headers() });
    const body = await response.text();
    if (!response.ok) throw this.failure(response.status, body);
    return body;
  }

  async json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.basePath}${path}`, {
      method,
      headers: { ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw this.failure(response.status, text);
    return (JSON.parse(text) as Envelope<T>).data as T;
  }

  private failure(status: number, text: string): IdflowError {
    try {
      const envelope = JSON.parse(text) as Envelope<unknown>;
      return new IdflowError(status, envelope.reason ?? text, envelope, envelope.errors ?? []);
    } catch {
      return new IdflowError(status, text, text);
    }
  }
}
