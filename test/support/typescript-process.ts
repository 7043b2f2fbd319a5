/**
 * The Node options that run a TypeScript entry point from the sources, as `npm run cli` does: swc compiles each file
 * as it is required, decorator metadata included, with the settings of tsconfig.json. Node's own type stripping is
 * off, since it would take the entry point for an ES module and knows neither decorators nor extensionless imports.
 */
export const TYPESCRIPT_SOURCES = ['--no-experimental-strip-types', '-r', '@swc-node/register'];
