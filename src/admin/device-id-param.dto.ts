import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { DEVICE_VIEW_EXAMPLE } from './admin-examples';

export class DeviceIdParamDto {
  @ApiProperty({ description: 'The id of the device', example: DEVICE_VIEW_EXAMPLE.id })
  @Matches(/^dev_[0-9A-Za-z_-]{1,28}$/, { message: 'deviceId must be a device id (dev_...)' })
  deviceId: string;
}
