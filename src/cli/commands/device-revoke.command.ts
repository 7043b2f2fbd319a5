import { Command } from 'commander';
import { deviceView } from '../../admin/admin-views';
import { DevicesService } from '../../devices/devices.service';
import { OutputOptions, runCommand } from '../run-command';
import { isoTime, summary } from '../summary';
import { jsonOption } from './json-option';

export const deviceRevokeCommand = () =>
  new Command('device:revoke')
    .description(
      "revoke a holder's device; every running instance refuses its next request, and the open flows it holds are " +
        'cancelled (the running service sends their webhooks)',
    )
    .requiredOption('--device <id>', 'the device id (dev_...), as devices:list shows it')
    .addOption(jsonOption())
    .action((options: OutputOptions & { device: string }) =>
      runCommand(
        options,
        async (context) => {
          const device = deviceView(await context.get(DevicesService).revoke(options.device));
          return {
            json: device,
            human: summary(`Device ${device.id} (${device.label}) revoked`, {
              'revoked at': isoTime(device.revokedAt as number),
            }),
          };
        },
        { flows: true },
      ),
    );
