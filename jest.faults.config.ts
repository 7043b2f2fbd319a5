import type { Config } from 'jest';
import { shared } from './jest.config.ts';

// These suites stop and restart the PostgreSQL and Redis the environment names: without both there is nothing to test,
// and skipping would hide that.
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('The fault suites need DATABASE_URL and REDIS_URL (a PostgreSQL and a Redis they may restart)');
}

/** `npm run test:faults`: one suite at a time (`--runInBand`), never beside other suites (`.ci/run` gives them a step). */
const config: Config = {
  ...shared,
  rootDir: '.',
  displayName: 'faults',
  testMatch: ['<rootDir>/test/faults/**/*.e2e-spec.ts'],
  testTimeout: 180_000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
};

export default config;
