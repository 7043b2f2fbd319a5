import type { IncomingMessage } from 'node:http';

const REDACTED = '[redacted]';

/**
 * Route parameters that are capabilities or personal data, by name, whichever route takes them: whoever holds a
 * same-device link code can pick the flow up, a stored file's key is the only protection of a signed PDF, a document id
 * opens its review page (in a review link as in a Wallet API path), an OIDC interaction id carries a login, and a NIN
 * identifies a person. A flow id is kept only when it names an identification or signing flow, which is no capability.
 */
const SECRET_PARAMS: Readonly<Record<string, (value: string) => boolean>> = {
  code: () => true,
  key: () => true,
  docId: () => true,
  uid: () => true,
  nin: () => true,
  flowId: (value) => !/^req_[A-Za-z0-9]+$/.test(value),
};

/** What logging reads of a request: Express adds the route that took it and that route's parameters. */
export interface LoggableRequest {
  originalUrl?: string;
  url?: string;
  route?: { path?: unknown };
  params?: Record<string, string | string[] | undefined>;
}

/** A route's path with its parameters filled in, the secret ones redacted: `/open/:code` becomes `/open/[redacted]`. */
function routedPath(pattern: string, params: LoggableRequest['params'] = {}): string {
  return pattern.replace(/[:*](\w+)/g, (placeholder, name: string) => {
    const raw = params[name];
    const value = Array.isArray(raw) ? raw.join('/') : raw;
    if (value === undefined) return placeholder;
    return SECRET_PARAMS[name]?.(value) ? REDACTED : value;
  });
}

/**
 * A path no route took (refused before routing, or matching none) shows only its first segment: without a route there
 * is no telling which segments are secret, and Express would match `/OPEN/<code>` or `/open//<code>/` all the same.
 */
function unroutedPath(url: string): string {
  const path = url.split('?')[0];
  const match = /^\/[^/]*/.exec(path);
  const first = match ? match[0] : '/';
  return path.length > first.length ? `${first}/${REDACTED}` : first;
}

/**
 * The request path as logs and traces may show it: no query string, and no secret path segments. Decided by the route
 * that took the request (its pattern and parameters), never by how the client spelt the path. The one place that
 * decides.
 */
export function loggablePath(request: LoggableRequest | IncomingMessage): string {
  const { route, params, originalUrl, url } = request as LoggableRequest;
  if (typeof route?.path === 'string') return routedPath(route.path, params);
  return unroutedPath(originalUrl ?? url ?? '/');
}
