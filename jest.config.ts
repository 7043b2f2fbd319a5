import type { Config } from 'jest';

export const shared: Pick<
  Config,
  'moduleFileExtensions' | 'transform' | 'testEnvironment' | 'setupFiles' | 'moduleNameMapper'
> = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  // swc, as `npm run cli` and the suites' child processes use it: types are checked by `npm run typecheck`, not here.
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  moduleNameMapper: { '^@idflow/client(.*)$': '<rootDir>/libs/client/src$1' },
};

/**
 * Unit specs sit beside their source; e2e suites live in test/ and build the real AppModule. The fault suites
 * (test/faults/) stop PostgreSQL and Redis under everyone's feet, so they run on their own: jest.faults.config.ts.
 */
const config: Config = {
  testTimeout: 30_000,
  // Suites run in a worker process, replaced once it holds more than this after a suite. Under
  // --experimental-vm-modules (for require(esm)) every suite's module registry stays reachable: run in jest's own
  // process, as it is with one worker on a 2-core machine, a whole run grew past V8's 4 GB heap and aborted. A higher
  // limit was slower, not faster: a worker holding more spends longer in garbage collection.
  workerIdleMemoryLimit: '1GB',
  // package.json's test scripts start jest with `--max-semi-space-size=64`, which its workers inherit: loading the app's
  // modules into every suite's registry allocates mostly short-lived objects, and V8's default young generation
  // collected them over and over. Eleven e2e suites took 51 s of CPU with it and 62 s without, two runs each (`/usr/bin/
  // time` around jest on the same suites; 128 MB was no better than 64).
  // One worker a core, not jest's default of one fewer: a suite spends much of its time waiting on its processes,
  // browsers and timers, and jest's own process little. On this 2-core machine npm test took 327 s with two workers and
  // 543 s with one (`/usr/bin/time npm test -- --maxWorkers=1` against the default, CI=true REQUIRE_BROWSER=1).
  maxWorkers: '100%',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testSequencer: '<rootDir>/test/support/suite-sequencer.ts',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      rootDir: '.',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      rootDir: '.',
      // The specs in a folder of test/ (test/seal/) run as the one suite beside it (test/seal.e2e-spec.ts), which
      // loads the app's modules once for all of them: test/support/spec-folder.ts.
      testMatch: ['<rootDir>/test/*.e2e-spec.ts', '<rootDir>/test/fuzz/*.e2e-spec.ts'],
    },
  ],
};

export default config;
