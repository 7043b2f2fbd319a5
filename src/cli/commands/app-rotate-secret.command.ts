import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { AppOptions } from './app-option';
import { jsonOption } from './json-option';

export const appRotateSecretCommand = () =>
  new Command('app:rotate-secret')
    .description('replace the app secret; the old one stops working at once')
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: AppOptions) => runCommand(options, () => import('./app-rotate-secret.action')));
