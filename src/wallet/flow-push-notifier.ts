import { Injectable, OnModuleInit } from '@nestjs/common';
import { DevicePushService } from '../devices/device-push.service';
import { DevicesService } from '../devices/devices.service';
import type { FlowChangedEvent } from '../flows/events/flow-changed.event';
import { FlowPushHooks } from '../flows/flow-push.hooks';
import { HolderService } from './holder.service';

/**
 * Tells a person's devices of a flow pushed to them through Web Push, so the app can say so while it is closed: one
 * notice per device with a subscription, for the flows its device stream would show it. The notice names the flow id
 * and nothing else; the app reads the rest with its own proof.
 */
@Injectable()
export class FlowPushNotifier implements OnModuleInit {
  constructor(
    private readonly hooks: FlowPushHooks,
    private readonly devices: DevicesService,
    private readonly push: DevicePushService,
    private readonly holder: HolderService,
  ) {}

  onModuleInit(): void {
    this.hooks.register((event) => this.notify(event));
  }

  private async notify(event: FlowChangedEvent): Promise<void> {
    for (const nin of new Set(event.holderNins)) {
      for (const device of await this.devices.activeDevicesOf(nin, event.environment)) {
        const view = await this.holder.viewOfChange(event, device);
        if (!view) continue;
        await this.push.notify(device, JSON.stringify({ flow: view.id }), view.exp - Date.now() / 1000);
      }
    }
  }
}
