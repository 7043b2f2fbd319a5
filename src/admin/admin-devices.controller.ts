import { Controller, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { DevicesService } from '../devices/devices.service';
import { PasskeysService } from '../devices/passkeys.service';
import { PASSKEY_SCHEMA } from './operations.schemas';
import { PASSKEY_VIEW_EXAMPLE, passkeyView } from './passkey-views';
import { DEVICE_VIEW_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { deviceView } from './admin-views';
import type { DeviceView, PasskeyView } from './admin-view-types';
import { DEVICE_SCHEMA } from './admin.schemas';
import { DeviceIdParamDto } from './device-id-param.dto';

const BAD_DEVICE_ID = ApiValidationFailure({
  path: ['deviceId'],
  message: 'deviceId must be a device id (dev_...)',
  code: 'invalid_string',
});

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/devices')
export class AdminDevicesController {
  constructor(
    private readonly devices: DevicesService,
    private readonly passkeys: PasskeysService,
  ) {}

  @Post(':deviceId/revoke')
  @Reason('Device revoked')
  @ApiOperation({
    summary: "Revoke a holder's device; every instance refuses its next request. Revoking twice keeps the first time.",
    description:
      'Same as `npm run cli -- device:revoke`. Its open device stream ends at its next event. Flows it already ' +
      'answered stay answered.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The revoked device',
    reason: 'Device revoked',
    schema: DEVICE_SCHEMA,
    data: { ...DEVICE_VIEW_EXAMPLE, revokedAt: 1763790000 },
  })
  @BAD_DEVICE_ID
  @ApiFailure(404, 'No device has this id', 'No device has this id')
  async revoke(@Param() params: DeviceIdParamDto): Promise<DeviceView> {
    return deviceView(await this.devices.revoke(params.deviceId));
  }

  @Post(':deviceId/passkey/revoke')
  @Reason('Passkey revoked')
  @ApiOperation({
    summary:
      "Revoke a device's passkey (a lost or shared authenticator): the device approves nothing until it registers a new one",
    description:
      'Its approvals are refused, never let through without the passkey, until the holder registers a new passkey ' +
      '(`POST /wallet/v1/devices/passkey`). Revoking twice keeps the first time. The device itself stays enrolled.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The revoked passkey',
    reason: 'Passkey revoked',
    schema: PASSKEY_SCHEMA,
    data: { ...PASSKEY_VIEW_EXAMPLE, revokedAt: 1763790000 },
  })
  @BAD_DEVICE_ID
  @ApiFailure(404, 'No device has this id, or it has no passkey', 'This device has no passkey')
  async revokePasskey(@Param() params: DeviceIdParamDto): Promise<PasskeyView> {
    const device = await this.devices.find(params.deviceId);
    return passkeyView({ device, passkey: await this.passkeys.revoke(device.id) });
  }
}
