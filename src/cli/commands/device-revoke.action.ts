import { deviceView } from '../../admin/admin-views';
import { DevicesService } from '../../devices/devices.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { FLOW_MODULES } from '../flow-modules';
import { isoTime, summary } from '../summary';

export interface DeviceRevokeOptions extends OutputOptions {
  device: string;
}

export const action: CliAction<DeviceRevokeOptions> = {
  needs: { imports: FLOW_MODULES },
  audit: { command: 'device:revoke', target: (options) => ({ deviceId: options.device }) },
  async run(context, options) {
    const device = deviceView(await context.get(DevicesService).revoke(options.device));
    return {
      json: device,
      human: summary(`Device ${device.id} (${device.label}) revoked`, {
        'revoked at': isoTime(device.revokedAt as number),
      }),
    };
  },
};
