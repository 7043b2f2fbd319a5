import type * as NodeModule from 'node:module';
import type * as NodeVm from 'node:vm';

// Node's own require, not the one a test runner substitutes for it (jest hands out its own `createRequire` through
// `require('node:module')`, but not through the process's built-in registry): on Node 20.19+ it loads ES modules.
const nodeModule = process.getBuiltinModule('node:module') as unknown as typeof NodeModule;
const nodeRequire = nodeModule.createRequire(__filename);

// The `Object` of Node's main context: the same as ours in production, another one under jest's sandbox.
const nodeVm: typeof NodeVm = process.getBuiltinModule('node:vm');
const NodeObject = nodeVm.runInThisContext('Object') as ObjectConstructor;

/**
 * Loads an ESM-only package from this CommonJS build. Node 20.19+ `require()`s ES modules without a flag, which keeps
 * start-up synchronous and works the same under jest (whose own loader cannot run `import()` without a VM flag).
 */
export function requireEsm<T>(name: string): T {
  return nodeRequire(name) as T;
}

/**
 * A deep copy of `value` whose plain objects belong to Node's main context, for packages loaded by requireEsm that
 * tell plain objects by `value.constructor === Object`: objects made in a test runner's sandbox would fail that test.
 * In production it returns equal copies.
 */
export function inNodeRealm<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inNodeRealm(item)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy = new NodeObject() as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[key] = inNodeRealm(item);
  return copy as T;
}
