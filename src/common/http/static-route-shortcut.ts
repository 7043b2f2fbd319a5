import { Router } from 'express';
import type { Application, NextFunction, Request, RequestHandler, Response } from 'express';

/** What the shortcut reads of Express's router, once, when it builds its index. */
interface RouterLayer {
  handle: unknown;
  route?: {
    path: unknown;
    methods: Record<string, boolean | undefined>;
    stack: Array<{ method?: string; handle: RequestHandler }>;
  };
  match(path: string): unknown;
}

/** A path with no parameters, wildcards, optional parts or escapes: it names exactly one resource. */
const FIXED_PATH = /^\/[A-Za-z0-9._~/-]*$/;

/** Express matches paths without regard to case and with or without one trailing slash. */
function keyOf(method: string, path: string): string {
  const lower = path.toLowerCase();
  return `${method} ${lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower}`;
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether this layer would take a request for `path` by `method` before a later route could. */
function takes(layer: RouterLayer, method: string, path: string): boolean {
  if (!layer.match(path)) return false;
  return !layer.route || Boolean(layer.route.methods[method] || layer.route.methods._all);
}

/**
 * Express finds a request's route by trying the layers of the app's router one after the other, so a route registered
 * late (the signing creates come some seventy layers in) pays on every call for every layer before it. Placed before
 * the routes, this middleware sends a request for a route with a fixed path straight to it. The first time it runs, it
 * indexes the routes after it by method and path, each in an Express router of its own holding that route's handlers,
 * so that Express itself still matches the path, sets `req.route` and runs them. A route is indexed only when no layer
 * between this middleware and the route would take its requests first, so what answers is what would have answered
 * without it; everything else (HEAD, OPTIONS, paths with parameters, a path Express would not match) goes on through
 * the app's router as before.
 */
export function staticRouteShortcut(app: Application): RequestHandler {
  let index: Map<string, Router> | undefined;
  const shortcut = (request: Request, response: Response, next: NextFunction) => {
    index ??= indexRoutes(app, shortcut);
    const route = index.get(keyOf(request.method, pathOf(request.url)));
    if (route) route(request, response, next);
    else next();
  };
  return shortcut;
}

function indexRoutes(app: Application, shortcut: unknown): Map<string, Router> {
  const stack = (app.router as unknown as { stack: RouterLayer[] }).stack;
  const index = new Map<string, Router>();
  const start = stack.findIndex((layer) => layer.handle === shortcut);
  if (start === -1) return index;
  const options = { caseSensitive: app.enabled('case sensitive routing'), strict: app.enabled('strict routing') };
  stack.forEach(({ route }, position) => {
    if (position <= start || !route || route.methods._all) return;
    const path = route.path;
    if (typeof path !== 'string' || !FIXED_PATH.test(path)) return;
    const before = stack.slice(start + 1, position);
    for (const method of Object.keys(route.methods)) {
      const key = keyOf(method.toUpperCase(), path);
      if (index.has(key) || before.some((layer) => takes(layer, method, path))) continue;
      const handlers = route.stack.filter((layer) => layer.method === method).map((layer) => layer.handle);
      const router = Router(options);
      router.route(path)[method as 'get'](handlers);
      index.set(key, router);
    }
  });
  return index;
}
