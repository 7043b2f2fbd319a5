import { Injectable } from '@nestjs/common';
import { PersonsService } from '../persons/persons.service';
import { SCOPES } from '../tenants/scopes';
import { TenantsService } from '../tenants/tenants.service';
import { DevicesService } from '../devices/devices.service';
import { NIN_WITHOUT_DIGITAL_ID, TEST_PERSONS, TEST_PERSONS_WITH_DIGITAL_ID } from './test-persons';

/** Everything an integrator needs to start calling the sandbox; the secrets appear here once and nowhere else. */
export interface SandboxBootstrap {
  consumerId: string;
  appId: string;
  apiKey: string;
  appSecret: string;
  /** PKCS#8 PEM of the app's claims key; only its public half is stored. */
  privateKey: string;
  webhookSecret: string;
  testPersons: Array<{ nin: string; name: string }>;
  ninWithoutDigitalId: string;
}

/**
 * Gives an integrator a sandbox to play in: the shared synthetic test persons and their virtual devices (seeded on the
 * first run, reused after)
 * and a fresh consumer with a sandbox app provisioned for every scope, its key pair and a `bk-test_` key.
 */
@Injectable()
export class SandboxBootstrapService {
  constructor(
    private readonly tenants: TenantsService,
    private readonly persons: PersonsService,
    private readonly devices: DevicesService,
  ) {}

  async bootstrap(): Promise<SandboxBootstrap> {
    for (const person of TEST_PERSONS) {
      await this.persons.ensure({
        environment: 'sandbox',
        nin: person.nin,
        displayName: person.name,
        claims: person.claims,
        synthetic: true,
      });
    }
    // The virtual devices are the test persons' digital IDs: different-device flows can be addressed to them at once.
    for (const nin of TEST_PERSONS_WITH_DIGITAL_ID) await this.devices.virtualDeviceOf(nin);
    const consumer = await this.tenants.createConsumer('Sandbox consumer');
    const { app, appSecret, webhookSecret, privateKeyPem } = await this.tenants.createApp({
      consumerId: consumer.id,
      name: 'Sandbox app',
      environment: 'sandbox',
      scopes: [...SCOPES],
    });
    const { apiKey } = await this.tenants.createApiKey(app.id);
    return {
      consumerId: consumer.id,
      appId: app.id,
      apiKey,
      appSecret,
      // Always present: no public key was passed, so createApp generated the pair.
      privateKey: privateKeyPem as string,
      webhookSecret,
      testPersons: TEST_PERSONS.filter((person) => TEST_PERSONS_WITH_DIGITAL_ID.includes(person.nin)).map(
        ({ nin, name }) => ({ nin, name }),
      ),
      ninWithoutDigitalId: NIN_WITHOUT_DIGITAL_ID,
    };
  }
}
