import { Command } from 'commander';
import type { OutputOptions } from '../cli-action';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';

export const consumersListCommand = () =>
  new Command('consumers:list')
    .description('list the consumers, oldest first, and when any key of their apps was last used')
    .addOption(jsonOption())
    .action((options: OutputOptions) => runCommand(options, () => import('./consumers-list.action')));
