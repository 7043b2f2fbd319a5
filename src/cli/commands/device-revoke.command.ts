import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { DeviceRevokeOptions } from './device-revoke.action';
import { jsonOption } from './json-option';

export const deviceRevokeCommand = () =>
  new Command('device:revoke')
    .description(
      "revoke a holder's device; every running instance refuses its next request, and the open flows it holds are " +
        'cancelled (the running service sends their webhooks)',
    )
    .requiredOption('--device <id>', 'the device id (dev_...), as devices:list shows it')
    .addOption(jsonOption())
    .action((options: DeviceRevokeOptions) => runCommand(options, () => import('./device-revoke.action')));
