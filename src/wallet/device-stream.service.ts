import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { OpenStreams } from '../common/http/open-streams';
import { StreamHeartbeat } from '../common/http/stream-heartbeat';
import { FlowEventBus } from '../flows/events/flow-event-bus';
import type { FlowChangedEvent } from '../flows/events/flow-changed.event';
import type { Device } from '../devices/device.entity';
import { DevicesService } from '../devices/devices.service';
import { HolderService } from './holder.service';

const KEEP_ALIVE_MS = 15_000;

/**
 * The device's push channel: its inbox at once, then every change to a flow addressed to its NIN as it happens (a new
 * different-device flow, one taken by another device, one cancelled), from any instance, through the flow event bus;
 * the whole inbox again when the bus may have missed changes. A revoked device's stream ends before its next event
 * (or keep-alive) instead of showing it what it may no longer act on.
 */
@Injectable()
export class DeviceStreamService {
  private readonly heartbeat = new StreamHeartbeat(KEEP_ALIVE_MS);

  constructor(
    private readonly bus: FlowEventBus,
    private readonly holder: HolderService,
    private readonly streams: OpenStreams,
    private readonly devices: DevicesService,
  ) {}

  async open(device: Device, response: Response, clientIp: string): Promise<void> {
    const events = this.streams.open(response, { clientIp });
    // Read afresh for every event: a revocation made on any instance is in the database, not announced on a bus.
    const stillActive = async () => {
      if (await this.devices.findActive(device.id)) return true;
      events.end();
      return false;
    };
    const sendInbox = async () => events.send(await this.holder.inboxView(device), 'inbox');
    const sendChange = async (event: FlowChangedEvent) => {
      const view = await this.holder.viewOfChange(event, device);
      if (view && (await stillActive())) events.send(view, 'flow');
    };
    // Changes the bus may have missed are in the inbox as it now stands.
    const resendInbox = async () => {
      if (await stillActive()) await sendInbox();
    };
    const keepAlive = async () => {
      if (await stillActive()) events.keepAlive();
    };
    events.onClose(
      this.bus.onHolder(
        device.environment,
        device.nin,
        (event) => void sendChange(event).catch(() => undefined),
        () => void resendInbox().catch(() => undefined),
      ),
    );
    events.onClose(this.heartbeat.join(() => void keepAlive().catch(() => undefined)));
    await sendInbox();
  }
}
