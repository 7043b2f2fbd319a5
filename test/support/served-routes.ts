import { METHODS } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';

/** One route a Nest controller serves, with its handler and controller for reading their metadata. */
export interface ServedRoute {
  method: string;
  /** Express form: `/admin/apps/:appId`. */
  path: string;
  /** OpenAPI form: `/admin/apps/{appId}`. */
  openApiPath: string;
  controller: abstract new (...args: never[]) => unknown;
  handler: (...args: never[]) => unknown;
}

const asArray = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : ([] as string[]).concat(value);

function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route of every Nest controller in the app, read from the same metadata Nest's router reads. */
export function nestRoutes(app: INestApplication): ServedRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  return discovery.getControllers().flatMap(({ metatype, instance }) => {
    if (!metatype || !instance) return [];
    const controller = metatype as ServedRoute['controller'];
    const prefixes = asArray(Reflect.getMetadata(PATH_METADATA, metatype));
    const prototype = Object.getPrototypeOf(instance);
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name] as ServedRoute['handler'];
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      return prefixes.flatMap((prefix) =>
        asArray(paths).map((path) => {
          const full = joinPath(prefix, path);
          return { method: method.toLowerCase(), path: full, openApiPath: toOpenApiPath(full), controller, handler };
        }),
      );
    });
  });
}

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * What Express really routes (Express 5 keeps its router on `app.router`), as `METHOD /path` strings. A registration
 * for every method is reported once as `ALL /path`: that is how Nest mounts both `@All()` routes and middleware.
 */
export function expressRoutes(app: INestApplication): string[] {
  const { router } = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return router.stack.flatMap(({ route }) => {
    if (!route) return [];
    const methods = Object.keys(route.methods).filter((method) => route.methods[method] && method !== '_all');
    const everyMethod = route.methods._all || METHODS.every((method) => route.methods[method.toLowerCase()]);
    const labels = everyMethod ? ['ALL'] : methods.map((method) => method.toUpperCase());
    return asArray(route.path).flatMap((path) => labels.map((method) => `${method} ${path}`));
  });
}
