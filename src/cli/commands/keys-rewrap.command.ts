import { Command } from 'commander';
import type { OutputOptions } from '../cli-action';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';

export const keysRewrapCommand = () =>
  new Command('keys:rewrap')
    .description('reseal every stored secret with the current key-encryption key (after changing KEY_ENCRYPTION_KEY)')
    .addOption(jsonOption())
    .action((options: OutputOptions) => runCommand(options, () => import('./keys-rewrap.action')));
