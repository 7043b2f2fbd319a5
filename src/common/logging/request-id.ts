import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a caller's `x-request-id` when it is safe to log, otherwise makes one; either way it is echoed back. */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const offered = request.headers[REQUEST_ID_HEADER];
  const id = typeof offered === 'string' && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
