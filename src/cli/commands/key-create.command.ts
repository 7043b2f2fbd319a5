import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { AppOptions } from './app-option';
import { jsonOption } from './json-option';

export const keyCreateCommand = () =>
  new Command('key:create')
    .description('create an API key for an app; prints the key once')
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: AppOptions) => runCommand(options, () => import('./key-create.action')));
