import { Injectable, RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { routeMetadataOf } from '../../platform/nest-route-metadata';

/** One segment of a route's path: a literal, compared without case as Express does, or a `:parameter`. */
type Segment = { literal: string } | 'parameter';

interface Route {
  segments: Segment[];
  /** Matches any rest of the path (a `*splat` or an optional `{...}` part): such a route is never told apart. */
  open: boolean;
  methods: Set<string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function compile(path: string): Omit<Route, 'methods'> {
  const segments: Segment[] = [];
  for (const part of segmentsOf(path)) {
    if (/[*{]/.test(part)) return { segments, open: true };
    segments.push(part.startsWith(':') ? 'parameter' : { literal: part.toLowerCase() });
  }
  return { segments, open: false };
}

function matches(route: Route, parts: string[]): boolean {
  if (route.open ? parts.length < route.segments.length : parts.length !== route.segments.length) return false;
  return route.segments.every((segment, index) => segment === 'parameter' || segment.literal === parts[index]);
}

/**
 * The methods each path of the app's controllers answers, read from Nest's route metadata (the paths and methods of
 * `@Controller`, `@Get`, `@Post`...), so that a request with a known path and another method gets 405 and `Allow`
 * instead of 404. Built on the first request no route took, so that start-up and routed requests pay nothing.
 */
@Injectable()
export class RouteTable {
  private routes?: Route[];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** The `Allow` header of a path some route answers, with HEAD beside GET and OPTIONS; undefined for an unknown one. */
  allowAt(path: string): string | undefined {
    const parts = segmentsOf(path.toLowerCase());
    const methods = new Set<string>();
    for (const route of (this.routes ??= this.read())) {
      if (matches(route, parts)) for (const method of route.methods) methods.add(method);
    }
    if (methods.size === 0 || methods.has(RequestMethod[RequestMethod.ALL])) return undefined;
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods].sort().join(', ');
  }

  private read(): Route[] {
    const routes = new Map<string, Route>();
    for (const { metatype, instance } of this.discovery.getControllers()) {
      if (!metatype || !instance) continue;
      const prefixes = routeMetadataOf(this.reflector, metatype).paths;
      const prototype = Object.getPrototypeOf(instance as object) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as () => unknown;
        const { paths, method } = routeMetadataOf(this.reflector, handler);
        if (paths.length === 0 || method === undefined) continue;
        for (const prefix of prefixes.length ? prefixes : ['']) {
          for (const path of paths) {
            const full = `/${prefix}/${path}`;
            const key = segmentsOf(full).join('/').toLowerCase();
            const route = routes.get(key) ?? { ...compile(full), methods: new Set<string>() };
            route.methods.add(RequestMethod[method]);
            routes.set(key, route);
          }
        }
      }
    }
    return [...routes.values()];
  }
}
