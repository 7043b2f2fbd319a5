import { Controller, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { DevicesService } from '../devices/devices.service';
import { DEVICE_VIEW_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { deviceView } from './admin-views';
import type { DeviceView } from './admin-view-types';
import { DEVICE_SCHEMA } from './admin.schemas';
import { DeviceIdParamDto } from './device-id-param.dto';

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/devices')
export class AdminDevicesController {
  constructor(private readonly devices: DevicesService) {}

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
  @ApiValidationFailure({
    path: ['deviceId'],
    message: 'deviceId must be a device id (dev_...)',
    code: 'invalid_string',
  })
  @ApiFailure(404, 'No device has this id', 'No device has this id')
  async revoke(@Param() params: DeviceIdParamDto): Promise<DeviceView> {
    return deviceView(await this.devices.revoke(params.deviceId));
  }
}
