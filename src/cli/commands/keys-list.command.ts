import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { AppOptions } from './app-option';
import { jsonOption } from './json-option';

export const keysListCommand = () =>
  new Command('keys:list')
    .description("list an app's API keys, oldest first, revoked ones included; never the keys themselves")
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: AppOptions) => runCommand(options, () => import('./keys-list.action')));
