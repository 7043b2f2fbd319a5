import fc from 'fast-check';

/** The parts of an OpenAPI schema the request bodies use. */
export interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

export type Components = Record<string, Schema>;

/** Values of the fields that make idflow call out: only addresses on this machine, or ones the guard refuses. */
export interface OutboundTargets {
  urls: string[];
}

/** Objects and arrays nested this deep, to probe the parser's bound (32). */
const nested = (depth: number, leaf: unknown = 1): unknown =>
  depth === 0 ? leaf : depth % 2 ? [nested(depth - 1, leaf)] : { a: nested(depth - 1, leaf) };

/** What an attacker sends in place of a well-typed value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0.5, '', ' ', '0', 'null', '[]', '{}'),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\ud800', 'a\udc00b', 'x\ud83d', '\u0000', '\u202e', '<script>alert(1)</script>', "' OR 1=1 --"),
  fc.constantFrom('x'.repeat(20_000), 'y'.repeat(300_000)),
  fc.integer({ min: 20, max: 60 }).map((depth) => nested(depth)),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
    { constructor: { prototype: { polluted: true } } },
    JSON.parse('{"__proto__":[1,2,3]}'),
  ),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.object({ maxDepth: 2, maxKeys: 4 }),
);

/**
 * Well-typed values for a schema: the baseline every mutation starts from. Fields that make idflow fetch or call a URL
 * only ever hold the given targets (never an address elsewhere), and NINs are mostly ones the sandbox knows.
 */
export function validValue(
  schema: Schema,
  components: Components,
  targets: OutboundTargets,
  field = '',
): fc.Arbitrary<unknown> {
  if (schema.$ref) return validValue(components[schema.$ref.split('/').pop() as string], components, targets, field);
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return fc.oneof(...options.map((option) => validValue(option, components, targets, field)));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf), components, targets, field);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, validValue(property, components, targets, name)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'array':
      return fc.array(validValue(schema.items ?? {}, components, targets, field), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ noNaN: true, min: -5, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    default:
      return stringFor(field, targets, schema);
  }
}

/** A few keys of the claim catalog, so that valid creates get through to the flow. */
const CLAIM_KEYS = ['naming.name', 'naming.given', 'contact.email', 'address.city', 'bio.birthdate'];

function stringFor(field: string, targets: OutboundTargets, schema: Schema): fc.Arbitrary<string> {
  if (/url|host|uri/i.test(field)) {
    return fc.constantFrom(
      ...targets.urls,
      'not a url',
      'ftp://127.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'https://localhost/x',
    );
  }
  if (/nin|user|^to$/i.test(field)) {
    return fc.oneof(fc.constantFrom('10000000001', '10000000002', '10000000003'), fc.stringMatching(/^\d{11}$/));
  }
  if (/claims/i.test(field)) return fc.oneof(fc.constantFrom(...CLAIM_KEYS), fc.string({ maxLength: 20 }));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 60)) });
}

/** Every path to a value inside a JSON value, the root excluded. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

function replaced(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/** A copy with `key` as an own property, `__proto__` included (a spread or an assignment would set the prototype). */
function withOwnKey(body: object, key: string, value: unknown): object {
  return Object.defineProperty({ ...body }, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A body built from the route's schema, then mutated as an attacker would: one field replaced by a hostile value, an
 * unknown (or prototype) key added, the whole body replaced or wrapped, a required field dropped, or left as it is.
 */
export function hostileBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    valid,
    fc.tuple(valid, fc.nat(), hostileValue).map(([body, pick, value]) => {
      const paths = pathsOf(body);
      return paths.length === 0 ? value : replaced(body, paths[pick % paths.length], value);
    }),
    fc
      .tuple(valid, fc.constantFrom('extra', '__proto__', 'constructor', 'prototype'), hostileValue)
      .map(([body, key, value]) =>
        body !== null && typeof body === 'object' && !Array.isArray(body) ? withOwnKey(body, key, value) : body,
      ),
    fc.tuple(valid, fc.nat()).map(([body, pick]) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
      const keys = Object.keys(body);
      if (keys.length === 0) return body;
      const { [keys[pick % keys.length]]: _dropped, ...rest } = body as Record<string, unknown>;
      return rest;
    }),
    valid.map((body) => [body]),
    hostileValue,
  );
}
