import type { JsonBody } from './json-body';

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed body, or `{ text }` when the answer was not JSON (a 429 is plain text). */
  body: JsonBody;
}

/** One call to a service process over loopback, as an integrator's backend makes it; rejects only when no answer came. */
export async function callJson(
  url: string,
  { method = 'POST', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: object } = {},
): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: JsonBody;
  try {
    parsed = JSON.parse(text) as JsonBody;
  } catch {
    parsed = { text };
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
