import type { Config } from 'jest';
import { shared } from './jest.config.ts';

/**
 * `npm run test:artifact`: the production artifact, driven end to end as an integrator would. The global setup replays
 * the Dockerfile (its build stage, then its runtime stage into a folder of its own) unless ARTIFACT_DIR names a runtime
 * stage replayed before; the suites start the compiled server there with production dependencies only. The driver
 * itself runs here, from the checkout, with the development dependencies.
 */
const config: Config = {
  ...shared,
  rootDir: '.',
  displayName: 'artifact',
  testMatch: ['<rootDir>/test/artifact/**/*.artifact-spec.ts'],
  testTimeout: 60_000,
  globalSetup: '<rootDir>/test/artifact/replayed-image.setup.ts',
  globalTeardown: '<rootDir>/test/artifact/replayed-image.teardown.ts',
};

export default config;
