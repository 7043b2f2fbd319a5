import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope } from '../common/openapi/api-envelope.decorator';
import type { Device } from '../devices/device.entity';
import { DevicesService } from '../devices/devices.service';
import { DeviceAuth } from './device-auth.decorator';
import { CurrentDevice } from './device-request';
import { HolderService } from './holder.service';
import { HISTORY_SCHEMA, REMOVED_DEVICE_SCHEMA } from './wallet.schemas';

/** The Wallet API's routes about the person and this device rather than one flow: their history, removing the device. */
@ApiTags('wallet')
@Controller('wallet/v1')
export class WalletAccountController {
  constructor(
    private readonly holder: HolderService,
    private readonly devices: DevicesService,
  ) {}

  @Get('history')
  @DeviceAuth()
  @Reason('History')
  @ApiOperation({
    summary: 'What the person approved and declined, when and to whom, through any of their devices',
    description: 'As long as the service keeps the flows; the claims released are named by key, never by value.',
  })
  @ApiEnvelope({
    description: 'The latest answer first',
    reason: 'History',
    schema: HISTORY_SCHEMA,
    data: {
      history: [
        {
          flowId: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
          mode: 'identification',
          action: 'login',
          app: 'Acme Shop',
          status: 'completed',
          answeredAt: 1763700120,
          releasedClaims: ['naming.name'],
          byThisDevice: true,
        },
      ],
    },
  })
  async history(@CurrentDevice() device: Device) {
    return { history: await this.holder.history(device) };
  }

  @Delete('devices/current')
  @HttpCode(200)
  @DeviceAuth()
  @Reason('Device removed')
  @ApiOperation({
    summary: 'Remove this device: it is revoked at once, as the operator would revoke it',
    description: 'The open flows it holds are cancelled; its next request is refused.',
  })
  @ApiEnvelope({
    description: 'The device, now revoked',
    reason: 'Device removed',
    schema: REMOVED_DEVICE_SCHEMA,
    data: { device: { id: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY', revokedAt: 1763700300 } },
  })
  async remove(@CurrentDevice() device: Device) {
    const revoked = await this.devices.revoke(device.id);
    return { device: { id: revoked.id, revokedAt: Math.floor((revoked.revokedAt ?? Date.now()) / 1000) } };
  }
}
