import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { OpenStreams } from '../common/http/open-streams';
import { FlowEventBus } from '../flows/events/flow-event-bus';
import type { Device } from '../devices/device.entity';
import { HolderService } from './holder.service';

const KEEP_ALIVE_MS = 15_000;

/**
 * The device's push channel: its inbox at once, then every change to a flow addressed to its NIN as it happens (a new
 * different-device flow, one taken by another device, one cancelled), from any instance, through the flow event bus;
 * the whole inbox again when the bus may have missed changes.
 */
@Injectable()
export class DeviceStreamService {
  constructor(
    private readonly bus: FlowEventBus,
    private readonly holder: HolderService,
    private readonly streams: OpenStreams,
  ) {}

  async open(device: Device, response: Response, clientIp: string): Promise<void> {
    const events = this.streams.open(response, { clientIp });
    const sendInbox = async () => events.send({ flows: await this.holder.inbox(device) }, 'inbox');
    events.onClose(
      this.bus.onHolder(
        device.environment,
        device.nin,
        (event) => {
          void this.holder.viewOfChange(event, device).then(
            (view) => view && events.send(view, 'flow'),
            () => undefined,
          );
        },
        // Changes the bus may have missed are in the inbox as it now stands.
        () => void sendInbox().catch(() => undefined),
      ),
    );
    const timer = setInterval(() => events.keepAlive(), KEEP_ALIVE_MS);
    events.onClose(() => clearInterval(timer));
    await sendInbox();
  }
}
