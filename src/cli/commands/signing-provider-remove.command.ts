import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { type SigningProviderOptions, withProviderName } from './signing-provider-options';

export const signingProviderRemoveCommand = () =>
  withProviderName(new Command('signing-provider:remove').description("remove a consumer's signing provider"))
    .addOption(jsonOption())
    .action((options: SigningProviderOptions) => runCommand(options, () => import('./signing-provider-remove.action')));
