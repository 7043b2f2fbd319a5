import { Command } from 'commander';
import type { OutputOptions } from '../cli-action';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';

export const keysRotateCommand = () =>
  new Command('keys:rotate')
    .description('make a new key-encryption key in the key file and reseal every stored secret with it')
    .addOption(jsonOption())
    .action((options: OutputOptions) => runCommand(options, () => import('./keys-rotate.action')));
