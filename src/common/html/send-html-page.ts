import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/** What a hosted page may do beyond running its own nonce'd style and script. */
export interface PagePermissions {
  /** Whether its script calls back to its own origin (fetch, EventSource). */
  connectsToSelf?: boolean;
  /** Origins it may show in a frame (the PDF of the review page). */
  frameSources?: string[];
}

/** A fresh nonce for the style and script of one answer. */
export const pageNonce = (): string => randomBytes(16).toString('base64');

/**
 * Sends a hosted page with the headers every one of them needs: a policy that runs only the page's own nonce'd code and
 * lets no other site frame it (its buttons start, sign and decline flows), no caching, and no referrer.
 */
export function sendHtmlPage(
  response: Response,
  page: { status: number; html: string; nonce: string },
  permissions: PagePermissions = {},
): void {
  const policy = [
    "default-src 'none'",
    `style-src 'nonce-${page.nonce}'`,
    `script-src 'nonce-${page.nonce}'`,
    ...(permissions.connectsToSelf ? ["connect-src 'self'"] : []),
    ...(permissions.frameSources ? [`frame-src ${permissions.frameSources.join(' ')}`] : []),
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  response
    .status(page.status)
    .setHeader('content-security-policy', policy)
    .setHeader('x-frame-options', 'DENY')
    .setHeader('cache-control', 'no-store')
    .setHeader('referrer-policy', 'no-referrer')
    .type('html')
    .send(page.html);
}
