type Handler = (...args: unknown[]) => unknown;

/** A copy that later decorators may extend without reaching back into the original's metadata. */
const shallowCopy = (value: unknown): unknown => {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return { ...(value as Record<string, unknown>) };
  }
  return value;
};

function copyOwnMetadata(from: object, to: object, fromKey?: string | symbol, toKey?: string | symbol): void {
  const keys: unknown[] =
    fromKey === undefined ? Reflect.getOwnMetadataKeys(from) : Reflect.getOwnMetadataKeys(from, fromKey);
  for (const metadataKey of keys) {
    const value =
      fromKey === undefined
        ? (Reflect.getOwnMetadata(metadataKey, from) as unknown)
        : (Reflect.getOwnMetadata(metadataKey, from, fromKey) as unknown);
    if (toKey === undefined) Reflect.defineMetadata(metadataKey, shallowCopy(value), to);
    else Reflect.defineMetadata(metadataKey, shallowCopy(value), to, toKey);
  }
}

/**
 * One handler serving an operation under several API versions, each with its own route decorators (path, credentials
 * from ROUTE_CREDENTIALS, OpenAPI documentation). The first version decorates the method itself; every other one gets
 * a mirror method named after it (`ping` serves v2, `pingV1` v1) that calls the method, carries a copy of the method's
 * own metadata (its parameters, status code, reason) and that version's decorators. Nest's router, the guards and
 * the OpenAPI document see one route per version, each with its own metadata; the operation's code exists once.
 *
 * In platform/ because the copy carries Nest's private metadata (`__routeArguments__`, `__httpCode__`, the keys of
 * `@nestjs/common/constants`) along with ours, which only code allowed to know a library's internals may rely on. Not
 * Nest's URI versioning (`@Version`), which gives one route one set of metadata for all its versions, while the spec's
 * versions differ in exactly that (docs/architecture.md, "Routes and settings"). An upgrade that moves the parameters
 * out of the method's own metadata fails this file's spec and every v1 route's suite.
 *
 * Put it above the method's other decorators, so that the metadata it copies is complete.
 */
export function Versioned<Version extends string>(
  versions: readonly [Version, ...Version[]],
  route: (version: Version) => MethodDecorator,
): MethodDecorator {
  return (target, key, descriptor) => {
    const [first, ...others] = versions;
    const handler = descriptor.value as Handler;
    for (const version of others) {
      const mirrorKey = `${String(key)}${version.toUpperCase()}`;
      const mirror = {
        [mirrorKey](this: unknown, ...args: unknown[]): unknown {
          return handler.apply(this, args);
        },
      }[mirrorKey];
      copyOwnMetadata(handler, mirror);
      copyOwnMetadata(target, target, key, mirrorKey);
      copyOwnMetadata(target.constructor, target.constructor, key, mirrorKey);
      const mirrorDescriptor: TypedPropertyDescriptor<Handler> = {
        value: mirror,
        writable: true,
        enumerable: false,
        configurable: true,
      };
      route(version)(target, mirrorKey, mirrorDescriptor);
      Object.defineProperty(target, mirrorKey, mirrorDescriptor);
    }
    route(first)(target, key, descriptor);
  };
}
