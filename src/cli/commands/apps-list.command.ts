import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { AppsListOptions } from './apps-list.action';
import { jsonOption } from './json-option';

export const appsListCommand = () =>
  new Command('apps:list')
    .description('list the apps, oldest first: names, environments, scopes and last use, never a secret')
    .option('--consumer <id>', 'only the apps of this consumer (bcn_...)')
    .addOption(jsonOption())
    .action((options: AppsListOptions) => runCommand(options, () => import('./apps-list.action')));
