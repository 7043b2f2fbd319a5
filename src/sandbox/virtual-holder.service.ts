import { Injectable } from '@nestjs/common';
import type { Consent } from '../flows/kinds/consent';
import { PersonsService } from '../persons/persons.service';
import type { Device } from '../devices/device.entity';
import { DevicesService } from '../devices/devices.service';
import { HolderService } from '../wallet/holder.service';
import { TEST_PERSONS_WITH_DIGITAL_ID } from './test-persons';
import { VirtualDeviceSigner } from './virtual-device.signer';

/**
 * A synthetic test person holding their built-in virtual device. The simulator and the review page's sandbox button
 * both act through it, and it acts through the HolderService like any phone.
 */
@Injectable()
export class VirtualHolderService {
  constructor(
    private readonly persons: PersonsService,
    private readonly devices: DevicesService,
    private readonly holder: HolderService,
    private readonly signer: VirtualDeviceSigner,
  ) {}

  /** Whether this sandbox NIN is a synthetic test person with a digital ID, so a virtual device can act for them. */
  async isTestPerson(nin: string): Promise<boolean> {
    if (!TEST_PERSONS_WITH_DIGITAL_ID.includes(nin)) return false;
    return (await this.persons.find('sandbox', nin))?.synthetic === true;
  }

  deviceOf(nin: string): Promise<Device> {
    return this.devices.virtualDeviceOf(nin);
  }

  /**
   * Approves as the person would on a phone: the app reads the flow, then consents with these claims and, where the
   * flow carries a challenge (signing, documents), the device's signature over it.
   */
  async approve(
    device: Device,
    flowId: string,
    consent: Pick<Consent, 'claims' | 'verificationCode'> = {},
    ip?: string,
  ): Promise<void> {
    const { challenge } = await this.holder.read(device, flowId);
    const signature = challenge ? await this.signer.sign(device, challenge) : undefined;
    await this.holder.approve(device, flowId, { ...consent, signature }, ip);
  }

  /** Declines as the person would on a phone. */
  async decline(device: Device, flowId: string, ip?: string, reason?: string): Promise<void> {
    await this.holder.decline(device, flowId, ip, reason);
  }
}
