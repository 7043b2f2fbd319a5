import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's security headers on every answer: a content security policy that runs only the service's own scripts and
 * styles (Swagger UI included), no MIME sniffing, no framing by other sites, no referrer leaving for other origins, and
 * resources for this origin only, except under `crossOriginPaths` (the API and the public keys, read from other origins
 * through CORS). Hosted pages replace the policy with their own nonce'd one (sendHtmlPage). Left out of helmet's
 * defaults: `upgrade-insecure-requests`, which would send a browser to https on a plain-http development instance; HSTS
 * leaves subdomains alone, which are the operator's to decide.
 */
export function securityHeaders(crossOriginPaths: readonly string[]): RequestHandler[] {
  const crossOrigin = (path: string) =>
    crossOriginPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return [
    helmet({
      contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } },
      strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    }),
    (request: Request, response: Response, next: NextFunction) => {
      if (crossOrigin(request.path)) response.setHeader('cross-origin-resource-policy', 'cross-origin');
      next();
    },
  ];
}
