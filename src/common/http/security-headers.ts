import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const under = (prefixes: readonly string[]) => (path: string) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * helmet's security headers on every answer.
 *
 * Under `apiPaths` answers are JSON and event streams for programs, never a document a browser renders, so they get
 * what such an answer needs (OWASP's REST Security Cheat Sheet): a policy that loads nothing and may not be framed, no
 * MIME sniffing, HSTS, no referrer, and readable from other origins. The headers that only steer how a browser treats a
 * document (opener and agent cluster isolation, DNS prefetch, IE's download prompt, Flash's cross-domain policies, the
 * old XSS auditor) are left out: each costs every answer a header to set and send, and every open event stream its
 * bytes for as long as it stays open.
 *
 * Everywhere else, helmet's defaults: a content security policy that runs only the service's own scripts and styles
 * (Swagger UI included), no framing by other sites, and resources for this origin only, except under
 * `crossOriginPaths` (the public keys, read from other origins through CORS). Hosted pages replace the policy with
 * their own nonce'd one (sendHtmlPage). Left out of helmet's defaults: `upgrade-insecure-requests`, which would send a
 * browser to https on a plain-http development instance; HSTS leaves subdomains alone, which are the operator's to
 * decide.
 */
export function securityHeaders(apiPaths: readonly string[], crossOriginPaths: readonly string[]): RequestHandler {
  const strictTransportSecurity = { maxAge: 15_552_000, includeSubDomains: false };
  const forPrograms = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    originAgentCluster: false,
    strictTransportSecurity,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const forDocuments = (policy: 'same-origin' | 'cross-origin') =>
    helmet({
      contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } },
      crossOriginResourcePolicy: { policy },
      strictTransportSecurity,
    });
  const ownOrigin = forDocuments('same-origin');
  const anyOrigin = forDocuments('cross-origin');
  const isApi = under(apiPaths);
  const crossOrigin = under(crossOriginPaths);
  return (request: Request, response: Response, next: NextFunction) => {
    if (isApi(request.path)) return forPrograms(request, response, next);
    return (crossOrigin(request.path) ? anyOrigin : ownOrigin)(request, response, next);
  };
}
