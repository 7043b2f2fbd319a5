import type { OutboundClient } from '../common/outbound/outbound-client';

/** The most of an answer the provider reads (a JWKS, a ping's reply); more is refused. */
const MAX_RESPONSE_BYTES = 512 * 1024;
/** As long as the provider itself gives its calls (its abort signal is not carried over). */
const TIMEOUT_MS = 2500;

/**
 * The provider's outgoing requests (CIBA pings, logout tokens, apps' key sets) as the `fetch` it is configured with, sent by idflow's one
 * outbound client: the same address checks, time and size bounds as every other call idflow makes out.
 */
export function providerFetch(
  outbound: OutboundClient,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = await outbound.request({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      // A ping's body is JSON text, a logout token's a form (URLSearchParams).
      body: typeof init.body === 'string' || init.body instanceof URLSearchParams ? String(init.body) : undefined,
      timeoutMs: TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      followRedirects: init.redirect !== 'manual',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const each of [value ?? []].flat()) headers.append(name, each);
    }
    const bodyless = answer.status === 204 || answer.status === 304;
    return new Response(bodyless ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  };
}
