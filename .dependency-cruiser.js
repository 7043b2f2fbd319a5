const { readFileSync } = require('node:fs');
const { join, posix } = require('node:path');

/**
 * The layers of src/, written down once (docs/architecture.md explains them). A folder may import from its own folder
 * and from folders on lower rows; folders on one row know nothing of each other. `npm run lint:layers` checks it.
 */
const LAYERS = [
  ['platform'],
  ['config'],
  ['redis'],
  ['common'],
  ['key-encryption'],
  ['tenants', 'service-key', 'seal', 'operators'],
  ['persons', 'signatures', 'auth'],
  ['devices'],
  ['claims', 'billing', 'idempotency'],
  ['access'],
  ['webhooks', 'flows', 'health', 'metrics'],
  ['documents'],
  ['verification', 'wallet', 'eudi', 'remote-signing'],
  ['identification', 'signing'],
  ['sandbox', 'signing-provider'],
  ['admin', 'review', 'billing-report', 'oidc', 'holder-app', 'console'],
];
/** The assembly at the top: it may import anything, and its parts import each other. */
const ASSEMBLY = ['database', 'bootstrap', 'cli', 'app.module.ts', 'main.ts'];

const escapeDots = (name) => name.replace(/[.]/g, '\\.');
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The files a package's own manifest names as its entry points: main, module, types, and every path of its "exports",
 * since a subpath it exports (`preact/hooks`) is as public as its main entry.
 */
function entryFiles(name) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(__dirname, 'node_modules', name, 'package.json'), 'utf8'));
  } catch {
    return [];
  }
  const named = [manifest.main ?? 'index.js', manifest.module, manifest.types, manifest.typings];
  const collect = (value) => {
    if (typeof value === 'string') named.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const exportsField = manifest.exports;
  collect(exportsField);
  return named
    .filter((file) => typeof file === 'string')
    .flatMap((file) => {
      const path = posix.normalize(file.replace(/^\.\//, ''));
      return /\.[cm]?js$/.test(path) ? [path] : [path, `${path}.js`, posix.join(path, 'index.js')];
    })
    .map((path) => `${name}/${path}`);
}

/**
 * What importing a package by its name resolves to, for every package the project depends on: anything else under
 * node_modules is a library's internal file (`typeorm/driver/...`, `@nestjs/core/router/...`, `express/lib/...`).
 */
const {
  dependencies = {},
  devDependencies = {},
  optionalDependencies = {},
} = JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8'));
const ENTRY_POINTS = Object.keys({ ...dependencies, ...devDependencies, ...optionalDependencies }).flatMap(entryFiles);
const PUBLIC_ENTRY = `(^|/)node_modules/(${ENTRY_POINTS.map(escapeRegExp).join('|')})$`;
const folder = (name) => `^src/${escapeDots(name)}(/|$)`;
const anyOf = (names) => `^src/(${names.map(escapeDots).join('|')})(/|$)`;

const layerRules = LAYERS.flatMap((row, index) => {
  const above = [...LAYERS.slice(index).flat(), ...ASSEMBLY];
  return row.map((name) => ({
    name: `layer-${name}`,
    comment: `${name} may only import from its own folder and from rows below it`,
    severity: 'error',
    from: { path: folder(name), pathNot: '\\.spec\\.ts$' },
    to: { path: anyOf(above.filter((other) => other !== name)) },
  }));
});

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other, directly or through others',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'unknown-folder',
      comment: 'Every folder of src/ has its row in LAYERS or ASSEMBLY',
      severity: 'error',
      from: { path: '^src/', pathNot: anyOf([...LAYERS.flat(), ...ASSEMBLY]) },
      to: {},
    },
    {
      name: 'client-stands-alone',
      comment:
        "The Node client is published on its own and imports nothing of the service; the console's admin-types.ts " +
        'alone reads the admin API answer types (the two rules below)',
      severity: 'error',
      from: { path: '^libs/', pathNot: '(\\.spec\\.ts|^libs/console/src/admin-types\\.ts)$' },
      to: { path: '^src/' },
    },
    {
      name: 'console-takes-types-only',
      comment: "The console's bundle holds none of the service's code: what it reads of src/ it imports as types",
      severity: 'error',
      from: { path: '^libs/console/' },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'console-types-stay-plain',
      comment:
        'The answer types the console shares with the service reach no entity, service, module or package: the ' +
        "console's own type check would carry them, and its tsconfig knows neither decorators nor Node",
      severity: 'error',
      from: { path: '^libs/console/src/admin-types\\.ts$' },
      to: {
        path: '((^|/)node_modules/|\\.(entity|service|repository|module|controller|guard|interceptor)\\.ts$)',
        reachable: true,
      },
    },
    {
      name: 'client-needs-only-jose',
      comment: 'The Node client is installed with jose as its one dependency: any other package would be missing',
      severity: 'error',
      from: { path: '^libs/client/src/', pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypesNot: ['core', 'local'], pathNot: '(^|/)jose(/|$)' },
    },
    {
      name: 'library-internals-in-platform-only',
      comment:
        'Only src/platform/ may import a library by an internal path: elsewhere a package is imported by its name, ' +
        'so that an upgrade of the library cannot break what its public entry point still offers',
      severity: 'error',
      from: { path: '^(src|libs)/', pathNot: '^src/platform/' },
      to: { dependencyTypesNot: ['core', 'local'], path: '(^|/)node_modules/', pathNot: PUBLIC_ENTRY },
    },
    ...layerRules,
  ],
  options: {
    // Packages are reached but not followed: excluded, they vanished from the graph, and the library-internals rule
    // above had nothing to match on a real checkout.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|libs/client/dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

module.exports = config;
