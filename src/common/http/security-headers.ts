import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The headers helmet sets, read once: with no per-request value in them (no nonce), each answer only needs them copied,
 * which costs a fraction of running helmet's thirteen middlewares and rebuilding its policy text on every request.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * helmet's security headers on every answer: a content security policy that runs only the service's own scripts and
 * styles (Swagger UI included), no MIME sniffing, no framing by other sites, no referrer leaving for other origins, and
 * resources for this origin only, except under `crossOriginPaths` (the API and the public keys, read from other origins
 * through CORS). Hosted pages replace the policy with their own nonce'd one (sendHtmlPage). Left out of helmet's
 * defaults: `upgrade-insecure-requests`, which would send a browser to https on a plain-http development instance; HSTS
 * leaves subdomains alone, which are the operator's to decide.
 */
export function securityHeaders(crossOriginPaths: readonly string[]): RequestHandler {
  const headers = helmetHeaders({
    contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  const crossOrigin = (path: string) =>
    crossOriginPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (request: Request, response: Response, next: NextFunction) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    if (crossOrigin(request.path)) response.setHeader('cross-origin-resource-policy', 'cross-origin');
    next();
  };
}
