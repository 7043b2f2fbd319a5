import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { KeyRevokeOptions } from './key-revoke.action';
import { jsonOption } from './json-option';

export const keyRevokeCommand = () =>
  new Command('key:revoke')
    .description('revoke an API key; it stops working at once')
    .requiredOption('--key <id or key>', 'the key record id (key_...) or the key itself')
    .addOption(jsonOption())
    .action((options: KeyRevokeOptions) => runCommand(options, () => import('./key-revoke.action')));
