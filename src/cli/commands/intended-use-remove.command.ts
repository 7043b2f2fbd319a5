import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { IntendedUseRemoveOptions } from './intended-use-remove.action';
import { jsonOption } from './json-option';

export const intendedUseRemoveCommand = () =>
  new Command('intended-use:remove')
    .description("remove an app's intended use; wallet creates naming it are refused from then on")
    .requiredOption('--app <id>', 'app id (app_...)')
    .requiredOption('--name <name>', "the intended use's name")
    .addOption(jsonOption())
    .action((options: IntendedUseRemoveOptions) => runCommand(options, () => import('./intended-use-remove.action')));
