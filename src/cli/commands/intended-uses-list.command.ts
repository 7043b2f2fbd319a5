import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { AppOptions } from './app-option';
import { jsonOption } from './json-option';

export const intendedUsesListCommand = () =>
  new Command('intended-uses:list')
    .description("list an app's registered intended uses for the EU wallet, by name")
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: AppOptions) => runCommand(options, () => import('./intended-uses-list.action')));
