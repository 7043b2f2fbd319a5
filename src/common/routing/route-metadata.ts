import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

type Cache = WeakMap<object, WeakMap<object, Map<string, unknown>>>;

const caches = new WeakMap<Reflector, Cache>();

/**
 * `reflector.getAllAndOverride(key, [handler, class])`, read once per route: decorators are fixed once the app is
 * built, while Reflector walks the metadata of the handler and then of its class on every call, and the global and
 * credential guards ask it several times on every request. Cached per reflector, handler and class.
 */
export function routeMetadata<T>(reflector: Reflector, key: string, context: ExecutionContext): T | undefined {
  const handler = context.getHandler();
  const type = context.getClass();
  let cache = caches.get(reflector);
  if (!cache) {
    cache = new WeakMap();
    caches.set(reflector, cache);
  }
  let byClass = cache.get(handler);
  if (!byClass) {
    byClass = new WeakMap();
    cache.set(handler, byClass);
  }
  let byKey = byClass.get(type);
  if (!byKey) {
    byKey = new Map();
    byClass.set(type, byKey);
  }
  if (!byKey.has(key)) byKey.set(key, reflector.getAllAndOverride<T>(key, [handler, type]));
  return byKey.get(key) as T | undefined;
}
