import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/** What a hosted page may do beyond running its own nonce'd style and script. */
export interface PagePermissions {
  /** Whether its script calls back to its own origin (fetch, EventSource). */
  connectsToSelf?: boolean;
  /** Origins it may show in a frame (the PDF of the review page). */
  frameSources?: string[];
  /** Where its forms may post, and be redirected on to (the OpenID logout page's, back to the app); none otherwise. */
  formActions?: string[];
}

/** A fresh nonce for the style and script of one answer. */
export const pageNonce = (): string => randomBytes(16).toString('base64');

/**
 * The headers every hosted page needs: a policy that runs only the page's own nonce'd code and lets no other site
 * frame it (its buttons start, sign and decline flows), no caching, and no referrer.
 */
export function hostedPageHeaders(nonce: string, permissions: PagePermissions = {}): Record<string, string> {
  const policy = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    ...(permissions.connectsToSelf ? ["connect-src 'self'"] : []),
    ...(permissions.frameSources ? [`frame-src ${permissions.frameSources.join(' ')}`] : []),
    'img-src data:',
    "base-uri 'none'",
    `form-action ${permissions.formActions ? ["'self'", ...permissions.formActions].join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };
}

/** Sends a hosted page with the headers every one of them needs (hostedPageHeaders). */
export function sendHtmlPage(
  response: Response,
  page: { status: number; html: string; nonce: string },
  permissions: PagePermissions = {},
): void {
  response.status(page.status);
  for (const [name, value] of Object.entries(hostedPageHeaders(page.nonce, permissions)))
    response.setHeader(name, value);
  response.type('html').send(page.html);
}
