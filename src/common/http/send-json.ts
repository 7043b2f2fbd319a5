import type { Response } from 'express';

/** Statuses whose answers carry no body, which Express's own send knows how to strip. */
const BODILESS = new Set([204, 304]);

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
  const text = JSON.stringify(body);
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('content-length', Buffer.byteLength(text));
  response.end(response.req.method === 'HEAD' ? undefined : text);
}
