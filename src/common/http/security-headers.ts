import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's security headers on every answer: a content security policy that runs only the service's own scripts and
 * styles (Swagger UI included), no MIME sniffing, no framing by other sites, no referrer leaving for other origins, and
 * resources for this origin only. Hosted pages replace the policy with their own nonce'd one (sendHtmlPage). Kept from
 * helmet's defaults: `upgrade-insecure-requests` would send a browser to https on a plain-http development instance;
 * HSTS leaves subdomains alone, which are the operator's to decide.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
}

/** The API and the public keys are read from other origins (CORS): their resources may be loaded across origins too. */
export function crossOriginResources(): RequestHandler {
  return (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('cross-origin-resource-policy', 'cross-origin');
    next();
  };
}
