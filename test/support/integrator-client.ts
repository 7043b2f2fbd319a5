import type { StartMode } from '../../src/flows/flow-kind';
import type { TestAgent } from './test-app';
import type { JsonBody } from './json-body';

/** The key, secret and (v1) token an integrator sends; each is set only when present. */
export interface IntegratorCredentials {
  apiKey: string;
  appSecret?: string;
  token?: string;
}

/** What the sandbox simulator's virtual device does: `present` answers a wallet identification with a sandbox PID. */
export type FlowAction = 'approve' | 'reject' | 'scan' | 'present';

/** What a holder needs from a create answer to pick the flow up with a phone. */
export interface CreatedFlow {
  id: string;
  startMode: StartMode;
  /** Same-device: the code at the end of `data.link`. */
  linkCode?: string;
  /** Wildcard: the seed inside each `idflow://flow?seed=...` URI. */
  seeds?: string[];
}

/** The body of a plain same-device login, for suites that only need some flow to watch. */
export const SAME_DEVICE_LOGIN = { action: 'login', claims: ['naming.name'], payload: 'Log in' };

/** The code a same-device link or a wildcard seed URI carries. */
export function codeOf(uri: string): string {
  const url = new URL(uri);
  return url.searchParams.get('seed') ?? (url.pathname.split('/').pop() as string);
}

/**
 * An integrator's backend calling the service: creates, ping, cancel and the sandbox simulator, on v2 by default, with
 * exactly the headers it is given (so header rules can be tested by leaving some out).
 */
export class IntegratorClient {
  constructor(
    private readonly http: () => TestAgent,
    readonly credentials: IntegratorCredentials,
  ) {}

  headers(only: Array<keyof IntegratorCredentials> = ['apiKey', 'appSecret', 'token']): Record<string, string> {
    const names = { apiKey: 'x-api-key', appSecret: 'x-access-secret', token: 'x-access-token' } as const;
    const headers: Record<string, string> = {};
    for (const credential of only) {
      const value = this.credentials[credential];
      if (value !== undefined) headers[names[credential]] = value;
    }
    return headers;
  }

  create(startMode: StartMode, body: unknown, version: 'v1' | 'v2' = 'v2') {
    return this.post(`/api/${version}/identification/${startMode}`, body);
  }

  /** Creates a flow and returns what a holder needs to act on it; fails the test unless the create succeeds. */
  async start(startMode: StartMode, body: object): Promise<CreatedFlow & { body: JsonBody }> {
    const response = await this.create(startMode, body);
    if (response.status !== 201) {
      throw new Error(`create ${startMode} failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const data = response.body.data;
    return {
      id: data.request.id,
      startMode,
      linkCode: data.link ? codeOf(data.link) : undefined,
      seeds: data.seeds?.map(codeOf),
      body: response.body,
    };
  }

  ping(flowId: unknown, version: 'v1' | 'v2' = 'v2') {
    return this.post(`/api/${version}/flow/ping`, { request: flowId });
  }

  /** The flow as ping shows it (`data.request`); fails the test unless ping answers 200. */
  async view(flowId: string): Promise<JsonBody> {
    const response = await this.ping(flowId);
    if (response.status !== 200) throw new Error(`ping failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data.request;
  }

  cancel(flowId: unknown, version: 'v1' | 'v2' = 'v2') {
    return this.post(`/api/${version}/flow/cancel`, { request: flowId });
  }

  simulate(action: FlowAction, flowId: string, body: unknown = {}) {
    return this.post(`/api/v2/sandbox/flows/${flowId}/${action}`, body);
  }

  /** A v1 access token for the app of the key, from `GET /api/v1/flow/authorize`. */
  async authorize(): Promise<string> {
    const response = await this.http()
      .get('/api/v1/flow/authorize')
      .set(this.headers(['apiKey', 'appSecret']));
    if (response.status !== 200)
      throw new Error(`authorize failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.headers['x-access-token'];
  }

  post(path: string, body: unknown) {
    return this.http()
      .post(path)
      .set(this.headers())
      .send(body as object);
  }
}
