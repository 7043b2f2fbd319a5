import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { ConsumerCreateOptions } from './consumer-create.action';
import { jsonOption } from './json-option';

export const consumerCreateCommand = () =>
  new Command('consumer:create')
    .description('create a consumer: the organisation that owns apps')
    .requiredOption('--name <name>', 'name of the organisation')
    .addOption(jsonOption())
    .action((options: ConsumerCreateOptions) => runCommand(options, () => import('./consumer-create.action')));
