import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import { ApiTooManyStreams } from '../common/openapi/api-envelope.decorator';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { DeviceAuth } from './device-auth.decorator';
import { CurrentDevice } from './device-request';
import type { Device } from '../devices/device.entity';
import { DeviceStreamService } from './device-stream.service';

const EXAMPLE =
  'event: inbox\ndata: {"flows":[],"passkey":"registered"}\n\n' +
  'event: flow\ndata: {"id":"req_3k9XyQw2Lm8NbVc7ZrT1aSd4","mode":"identification","startMode":"different-device",' +
  '"action":"login","app":"Acme Shop","payload":"Log in to Acme Shop","requestedClaims":["naming.name"],' +
  '"status":"pending","held":false,"exp":1763700300}\n\n';

@ApiTags('wallet')
@Controller('wallet/v1')
export class DeviceStreamController {
  constructor(private readonly streams: DeviceStreamService) {}

  @Get('stream')
  @DeviceAuth()
  @RawResponse()
  @ApiOperation({ summary: 'Server-sent events of new work for this device: the inbox at once, then each change' })
  @ApiProduces('text/event-stream')
  @ApiResponse({
    status: 200,
    description: '`inbox` once, then `flow` events',
    content: { 'text/event-stream': { example: EXAMPLE } },
  })
  @ApiTooManyStreams('this client IP')
  async stream(
    @CurrentDevice() device: Device,
    @CurrentClient() client: ClientContext,
    @Res() response: Response,
  ): Promise<void> {
    await this.streams.open(device, response, client.ip);
  }
}
