import { Injectable } from '@nestjs/common';
import type { Device } from './device.entity';

/** Work that must commit together with a device's revocation, or not at all (ending the flows it holds). */
export type DeviceRevocationHook = (device: Device) => Promise<void>;

/**
 * Where modules above devices attach work to a revocation without devices knowing them (flows sit above devices):
 * each hook runs inside the revocation's unit of work, once, when that call is the one that revoked the device.
 */
@Injectable()
export class DeviceRevocationHooks {
  private readonly hooks: DeviceRevocationHook[] = [];

  register(hook: DeviceRevocationHook): void {
    this.hooks.push(hook);
  }

  async run(device: Device): Promise<void> {
    for (const hook of this.hooks) await hook(device);
  }
}
