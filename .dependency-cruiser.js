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
  ['tenants', 'service-key', 'seal'],
  ['persons', 'signatures', 'auth'],
  ['devices'],
  ['claims', 'billing', 'idempotency'],
  ['access'],
  ['webhooks', 'flows', 'health', 'metrics'],
  ['documents'],
  ['verification', 'wallet'],
  ['identification', 'signing'],
  ['sandbox'],
  ['admin', 'review', 'billing-report', 'oidc', 'holder-app'],
];
/** The assembly at the top: it may import anything, and its parts import each other. */
const ASSEMBLY = ['database', 'bootstrap', 'cli', 'app.module.ts', 'main.ts'];

const escapeDots = (name) => name.replace(/[.]/g, '\\.');
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
      comment: 'The Node client is published on its own and imports nothing of the service',
      severity: 'error',
      from: { path: '^libs/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'client-needs-only-jose',
      comment: 'The Node client is installed with jose as its one dependency: any other package would be missing',
      severity: 'error',
      from: { path: '^libs/client/src/', pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypesNot: ['core', 'local'], pathNot: '(^|/)jose(/|$)' },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|libs/client/dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

module.exports = config;
