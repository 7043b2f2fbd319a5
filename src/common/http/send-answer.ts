import type { Response } from 'express';

/** Statuses whose answers carry no body, which Express's own send knows how to strip. */
const BODILESS = new Set([204, 304]);

/** A content type that already names UTF-8, the charset Express would otherwise set on a text answer. */
const UTF8_TYPE = /;\s*charset=utf-8$/i;

/**
 * Sends `body` as JSON, as Express's `res.json` does for an answer with no ETag or Last-Modified (idflow sets neither,
 * so no request is ever fresh): without parsing and rebuilding the content type, nor copying a small body into a
 * Buffer to measure it, which Express does on every call. Answers that Express treats apart (a content type already
 * chosen, no body) go through Express.
 */
export function sendJson(response: Response, body: object): void {
  if (BODILESS.has(response.statusCode) || response.hasHeader('content-type')) {
    response.json(body);
    return;
  }
  response.setHeader('content-type', 'application/json; charset=utf-8');
  endWith(response, JSON.stringify(body));
}

/**
 * Sends `text` as it stands when its route chose a UTF-8 content type (a plain-text health check): what Express's
 * `send` would write, without re-reading that content type. Says whether it did; any other answer is Express's.
 */
export function sendText(response: Response, text: string): boolean {
  const type = response.getHeader('content-type');
  if (BODILESS.has(response.statusCode) || typeof type !== 'string' || !UTF8_TYPE.test(type)) return false;
  endWith(response, text);
  return true;
}

/** Ends the answer with `text` and its exact length in bytes; a HEAD answer carries the length alone. */
function endWith(response: Response, text: string): void {
  response.setHeader('content-length', Buffer.byteLength(text));
  response.end(response.req.method === 'HEAD' ? undefined : text);
}
