import type { OutboundClient } from '../common/outbound/outbound-client';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';
import type { SigningProviderEntry } from './signing-provider-entry';

const MAX_ANSWER_BYTES = 256 * 1024;
const TIMEOUT_MS = 15_000;
/** A token is renewed this long before the provider says it expires, so it does not run out in flight. */
const TOKEN_MARGIN_MS = 30_000;

/** What a provider's `info` says of itself, as far as idflow reads it. */
export interface CscInfo {
  specs?: string;
  name?: string;
  region?: string;
  methods?: string[];
}

export interface CscCredentialInfo {
  key: { status: string; algo: string[]; len?: number };
  cert: { status?: string; certificates: string[] };
  authMode?: string;
  SCAL?: string;
}

export interface CscAuthorization {
  credentialID: string;
  numSignatures: number;
  hashes: string[];
  hashAlgorithmOID: string;
  authData: Array<{ id: string; value: string }>;
}

export interface CscSignHash {
  credentialID: string;
  SAD: string;
  hashes: string[];
  hashAlgorithmOID: string;
  signAlgo: string;
}

/**
 * A client of one CSC API v2 provider (remote signature creation, service authorization): OAuth2 client credentials,
 * then each method as a JSON POST under the base URI, through the outbound guard. Every failure, the provider's
 * refusal included, is a SigningProviderFailure naming the provider and what it said.
 */
export class CscClient {
  private token?: { value: string; renewAt: number };

  constructor(
    private readonly provider: SigningProviderEntry,
    private readonly outbound: OutboundClient,
  ) {}

  get name(): string {
    return this.provider.name;
  }

  /** The provider's `info`, cut to the fields idflow shows and checked as text: it is outside input, answered on. */
  async info(): Promise<CscInfo> {
    const answer = await this.call<Record<string, unknown>>('info', {}, false);
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const methods = Array.isArray(answer.methods) ? answer.methods.filter((m) => typeof m === 'string') : undefined;
    const info = { specs: text(answer.specs), name: text(answer.name), region: text(answer.region), methods };
    return Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined));
  }

  /** Asks for an access token with idflow's client credentials: it fails as any call would if they are refused. */
  async authenticate(): Promise<void> {
    await this.accessToken();
  }

  async listCredentials(userID: string): Promise<string[]> {
    const answer = await this.call<{ credentialIDs?: unknown }>('credentials/list', { userID });
    if (!Array.isArray(answer.credentialIDs)) throw this.failure('credentials/list answered without credentialIDs');
    return answer.credentialIDs.filter((id): id is string => typeof id === 'string');
  }

  credentialInfo(credentialID: string): Promise<CscCredentialInfo> {
    return this.call('credentials/info', { credentialID, certificates: 'chain' });
  }

  async authorize(request: CscAuthorization): Promise<string> {
    const answer = await this.call<{ SAD?: unknown }>('credentials/authorize', request);
    if (typeof answer.SAD !== 'string') throw this.failure('credentials/authorize answered without a SAD');
    return answer.SAD;
  }

  async signHash(request: CscSignHash): Promise<string[]> {
    const answer = await this.call<{ signatures?: unknown }>('signatures/signHash', request);
    const { signatures } = answer;
    if (!Array.isArray(signatures) || signatures.length !== request.hashes.length) {
      throw this.failure('signatures/signHash did not answer one signature per hash');
    }
    return signatures.map(String);
  }

  private async call<T>(method: string, body: object, authenticated = true): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (authenticated) headers.authorization = `Bearer ${await this.accessToken()}`;
    const answer = await this.send(method, headers, JSON.stringify(body));
    return answer as T;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.renewAt > Date.now()) return this.token.value;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.provider.clientId,
      client_secret: this.provider.clientSecret,
    });
    const answer = (await this.send(
      'oauth2/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    )) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string') throw this.failure('oauth2/token answered without an access_token');
    const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) * 1000;
    this.token = { value: answer.access_token, renewAt: Date.now() + lifetimeMs - TOKEN_MARGIN_MS };
    return this.token.value;
  }

  private async send(method: string, headers: Record<string, string>, body: string): Promise<Record<string, unknown>> {
    let status: number;
    let text: string;
    try {
      const answer = await this.outbound.request({
        url: `${this.provider.baseUrl.replace(/\/+$/, '')}/${method}`,
        method: 'POST',
        headers,
        body,
        maxResponseBytes: MAX_ANSWER_BYTES,
        timeoutMs: TIMEOUT_MS,
        followRedirects: false,
      });
      status = answer.status;
      text = answer.body.toString('utf8');
    } catch (error) {
      throw this.failure(`${method} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.failure(`${method} answered ${status} without JSON`);
    }
    const answer = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
    if (status !== 200) {
      if (status === 401) this.token = undefined;
      const said = [answer.error, answer.error_description].filter((part) => typeof part === 'string').join(': ');
      throw this.failure(`${method} refused (${status})${said ? `: ${said}` : ''}`);
    }
    return answer;
  }

  private failure(detail: string): SigningProviderFailure {
    return new SigningProviderFailure(`Signing provider ${this.provider.name}: ${detail}`);
  }
}
