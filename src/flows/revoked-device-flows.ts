import { Injectable, OnModuleInit } from '@nestjs/common';
import { DeviceRevocationHooks } from '../devices/device-revocation.hooks';
import { FlowsService } from './flows.service';

/**
 * A revoked device can no longer approve or decline what it holds: its open flows are cancelled in the revocation's
 * unit of work (docs/holder.md), so pollers, streams and webhooks learn at once instead of at expiry.
 */
@Injectable()
export class RevokedDeviceFlows implements OnModuleInit {
  constructor(
    private readonly revocations: DeviceRevocationHooks,
    private readonly flows: FlowsService,
  ) {}

  onModuleInit(): void {
    this.revocations.register((device) => this.flows.cancelHeldBy(device.id));
  }
}
