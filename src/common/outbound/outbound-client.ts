import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { classifyAddress, describeCategory, isAllowedCategory, isMetadataHostname } from './address-policy';
import { OutboundRefusedError } from './errors/outbound-refused.error';
import { OutboundRequestError } from './errors/outbound-request.error';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into its addresses; the system resolver in production, a fake one in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface OutboundPolicy {
  /** Reach loopback, private, link-local and similar addresses (never metadata services): development and tests. */
  allowPrivateAddresses: boolean;
  /** Allow plain `http:` URLs: development and tests. */
  allowInsecureUrls: boolean;
}

export interface OutboundClientOptions extends OutboundPolicy {
  resolve?: Resolver;
  /** Certificate authorities to trust instead of Node's bundled ones (tests, private PKI). */
  ca?: string | Buffer;
}

export interface OutboundRequest {
  url: string;
  /** Default GET. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole request, DNS, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** The most bytes of the answer's body that are read. */
  maxResponseBytes: number;
  /** `refuse` (default): a longer body is an error. `truncate`: keep the first bytes, hang up, and say so. */
  oversize?: 'refuse' | 'truncate';
  /** Default true: follow up to three redirects, each target checked again. False: a 3xx is the answer. */
  followRedirects?: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** True when `oversize: 'truncate'` cut the body at `maxResponseBytes`. */
  truncated: boolean;
  /** The URL that gave this answer, after redirects. */
  url: string;
}

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'idflow';

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** `[::1]` -> `::1`: URL keeps IPv6 literals bracketed, sockets want them bare. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The one way idflow calls out (webhooks, document downloads). The address is checked where it is used: a literal IP
 * before anything is sent, a host name inside the socket's own DNS lookup, so the address connected to is the address
 * checked and DNS rebinding between a check and the connection cannot happen. The connected socket's peer address is
 * checked once more. HTTPS only unless insecure URLs are allowed; time, redirects and answer size are bounded.
 */
export class OutboundClient {
  private readonly resolve: Resolver;
  private readonly ca?: string | Buffer;

  constructor(private readonly options: OutboundClientOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.ca = options.ca;
  }

  /**
   * The checks that need no DNS query: a well-formed http(s) URL, https unless insecure URLs are allowed, no metadata
   * host name, no `localhost` and no refused literal address. Routes call it to refuse a bad URL when it is given;
   * `request` repeats it.
   */
  checkUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundRefusedError('invalid-url', 'The URL is not a valid absolute URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new OutboundRefusedError('invalid-url', 'Only https URLs can be called');
    }
    if (url.protocol === 'http:' && !this.options.allowInsecureUrls) {
      throw new OutboundRefusedError('insecure-url', 'The URL must use https');
    }
    const host = hostOf(url);
    if (isMetadataHostname(host)) {
      throw new OutboundRefusedError(
        'private-address',
        `${host} is a cloud metadata service, which idflow does not call`,
      );
    }
    if (isIP(host)) {
      const refusal = this.refusalFor(host);
      if (refusal) throw refusal;
    }
    // RFC 6761: these names are loopback wherever they resolve, so they can be refused before any DNS query.
    if (!this.options.allowPrivateAddresses && /(^|\.)localhost\.?$/i.test(host)) {
      throw new OutboundRefusedError('private-address', `${host} is a loopback address, which idflow does not call`);
    }
    return url;
  }

  /**
   * `checkUrl`, then the host name's addresses: a name that does not resolve, or resolves to an address idflow does not
   * call, is refused now, when the URL is given, rather than at every later request. The name is resolved again at
   * each request, so a name that changes its addresses later is still caught then.
   */
  async checkReachable(raw: string): Promise<URL> {
    const url = this.checkUrl(raw);
    const host = hostOf(url);
    if (isIP(host)) return url;
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0)
      throw new OutboundRefusedError('unresolvable', `${host} does not resolve to any address`);
    this.refuseAnyRefused(addresses, host);
    return url;
  }

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    const timeoutMs = request.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
    let url = this.checkUrl(request.url);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    let method = (request.method ?? 'GET').toUpperCase();
    let body = request.body;
    let headers: Record<string, string> = { 'user-agent': USER_AGENT, ...request.headers };
    try {
      for (let redirects = 0; ; redirects++) {
        const answer = await this.exchange(url, method, headers, body, request, deadline.signal).catch((error) => {
          if (deadline.signal.aborted) {
            throw new OutboundRefusedError('timeout', `No complete answer within ${timeoutMs} ms`);
          }
          throw error;
        });
        const location = answer.headers.location;
        if (request.followRedirects === false || !REDIRECT_STATUSES.has(answer.status) || !location) return answer;
        if (redirects === MAX_REDIRECTS) {
          throw new OutboundRefusedError('too-many-redirects', `More than ${MAX_REDIRECTS} redirects`);
        }
        url = this.checkUrl(new URL(location, url).href);
        // As fetch does: 303 always, and 301/302 after a POST, continue as a GET without the body.
        if (answer.status === 303 || (answer.status <= 302 && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-/i.test(name)));
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** The refusal for connecting to this address, or undefined when it may be reached. */
  private refusalFor(address: string, hostname?: string): OutboundRefusedError | undefined {
    const category = classifyAddress(address);
    if (isAllowedCategory(category, this.options.allowPrivateAddresses)) return undefined;
    const subject =
      hostname && hostname !== address
        ? `${hostname} resolves to ${describeCategory(category)}`
        : `${address} is ${describeCategory(category)}`;
    return new OutboundRefusedError('private-address', `${subject}, which idflow does not call`);
  }

  /** A name is refused whole when any of its addresses is: the resolver may answer with any of them next time. */
  private refuseAnyRefused(addresses: ResolvedAddress[], hostname: string): void {
    for (const { address } of addresses) {
      const refusal = this.refusalFor(address, hostname);
      if (refusal) throw refusal;
    }
  }

  /**
   * Used by the socket in place of `dns.lookup`: resolves, refuses the whole name when any of its addresses is refused,
   * and hands the socket only addresses that passed.
   */
  private readonly lookup = (
    hostname: string,
    options: LookupOneOptions & { all?: boolean },
    callback: LookupCallback,
  ) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family || 0;
    this.resolve(hostname)
      .then((found) => {
        const addresses = family ? found.filter((entry) => entry.family === family) : found;
        if (addresses.length === 0) {
          throw new OutboundRequestError(`${hostname} has no address`, 'ENOTFOUND');
        }
        this.refuseAnyRefused(addresses, hostname);
        return addresses;
      })
      .then(
        (addresses) =>
          process.nextTick(() =>
            options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family),
          ),
        (error: Error) => process.nextTick(() => callback(error, '')),
      );
  };

  private exchange(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
    request: OutboundRequest,
    signal: AbortSignal,
  ): Promise<OutboundResponse> {
    const limit = request.maxResponseBytes;
    const truncate = request.oversize === 'truncate';
    const followRedirects = request.followRedirects !== false;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: OutboundResponse | Error) => {
        if (settled) return;
        settled = true;
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const tooLarge = () => new OutboundRefusedError('too-large', `The answer is larger than ${limit} bytes`);
      const transport = url.protocol === 'https:' ? https : http;
      const outgoing = transport.request(
        {
          protocol: url.protocol,
          hostname: hostOf(url),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method,
          headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
          agent: false,
          lookup: this.lookup as unknown as http.RequestOptions['lookup'],
          signal,
          ...(this.ca ? { ca: this.ca } : {}),
        },
        (incoming) => {
          const answer = (bodyBytes: Buffer, truncated: boolean): OutboundResponse => ({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: bodyBytes,
            truncated,
            url: url.href,
          });
          if (followRedirects && REDIRECT_STATUSES.has(incoming.statusCode ?? 0) && incoming.headers.location) {
            finish(answer(Buffer.alloc(0), false));
            outgoing.destroy();
            return;
          }
          const declared = Number(incoming.headers['content-length']);
          if (!truncate && declared > limit) {
            finish(tooLarge());
            outgoing.destroy();
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            if (settled) return;
            if (size + chunk.length <= limit) {
              chunks.push(chunk);
              size += chunk.length;
              return;
            }
            if (truncate) {
              chunks.push(chunk.subarray(0, limit - size));
              finish(answer(Buffer.concat(chunks), true));
            } else {
              finish(tooLarge());
            }
            outgoing.destroy();
          });
          incoming.on('end', () => finish(answer(Buffer.concat(chunks), false)));
          incoming.on('error', (error) => finish(toOutboundError(error)));
          incoming.on('close', () => {
            if (!incoming.complete)
              finish(new OutboundRequestError('The connection closed before the answer was complete'));
          });
        },
      );
      outgoing.on('socket', (socket) =>
        socket.once('connect', () => {
          // Belt and braces: whatever path led here, the peer must be an address the policy allows.
          const refusal = socket.remoteAddress ? this.refusalFor(socket.remoteAddress, hostOf(url)) : undefined;
          if (refusal) outgoing.destroy(refusal);
        }),
      );
      outgoing.on('error', (error) => finish(toOutboundError(error)));
      outgoing.end(body);
    });
  }
}

function toOutboundError(error: Error & { code?: string }): Error {
  if (error instanceof OutboundRefusedError || error instanceof OutboundRequestError) return error;
  return new OutboundRequestError(error.message || error.code || 'The request failed', error.code);
}
