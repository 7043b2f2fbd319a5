import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { ConsumerOptions } from './signing-providers-list.action';
import { jsonOption } from './json-option';

export const signingProvidersListCommand = () =>
  new Command('signing-providers:list')
    .description("list a consumer's remote signing providers, oldest first, without their secrets")
    .requiredOption('--consumer <id>', 'consumer id (bcn_...)')
    .addOption(jsonOption())
    .action((options: ConsumerOptions) => runCommand(options, () => import('./signing-providers-list.action')));
