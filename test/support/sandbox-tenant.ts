import type { INestApplication } from '@nestjs/common';
import { SandboxBootstrap, SandboxBootstrapService } from '../../src/sandbox/sandbox-bootstrap.service';
import { TEST_PERSONS } from '../../src/sandbox/test-persons';
import { DevicesService } from '../../src/devices/devices.service';
import type { TestAgent } from './test-app';
import { TestDevice } from './test-device';

/** A sandbox app with every scope and the synthetic test persons, exactly as `sandbox:bootstrap` makes them. */
export async function bootstrapSandbox(app: INestApplication): Promise<SandboxBootstrap> {
  return app.get(SandboxBootstrapService).bootstrap();
}

/** The record of a synthetic test person, to compare released claims with. */
export function testPerson(nin: string) {
  const person = TEST_PERSONS.find((candidate) => candidate.nin === nin);
  if (!person) throw new Error(`no test person ${nin}`);
  return person;
}

/** A real phone enrolled for this NIN with a fresh key pair, through the Wallet API. */
export async function enrolledDevice(
  app: INestApplication,
  http: () => TestAgent,
  nin: string,
  alg: 'ES256' | 'EdDSA' = 'ES256',
): Promise<TestDevice> {
  const { code } = await app.get(DevicesService).issueEnrollmentCode(nin, 'sandbox');
  const device = await TestDevice.create(alg);
  await device.enroll(http, code);
  return device;
}

/** Headers of a v2 integrator call. */
export function credentials(sandbox: SandboxBootstrap): Record<string, string> {
  return { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
}
