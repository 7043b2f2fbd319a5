import { Injectable, OnModuleInit } from '@nestjs/common';
import { DevicePushService } from '../devices/device-push.service';
import type { Device } from '../devices/device.entity';
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
    private readonly push: DevicePushService,
    private readonly holder: HolderService,
  ) {}

  onModuleInit(): void {
    this.hooks.register((event) => this.notify(event));
  }

  /**
   * Finds the subscribed devices at once (one query, inside the create's own work), then sends without holding the
   * create up: the push services' answers come when they come.
   */
  private async notify(event: FlowChangedEvent): Promise<void> {
    const devices = await this.push.subscribedDevicesOf([...new Set(event.holderNins)], event.environment);
    if (devices.length > 0) void this.send(event, devices);
  }

  private async send(event: FlowChangedEvent, devices: Device[]): Promise<void> {
    for (const device of devices) {
      const view = await this.holder.viewOfChange(event, device).catch(() => null);
      if (view) await this.push.notify(device, JSON.stringify({ flow: view.id }), view.exp - Date.now() / 1000);
    }
  }
}
