import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { type SigningProviderOptions, withProviderName } from './signing-provider-options';

export const signingProviderCheckCommand = () =>
  withProviderName(
    new Command('signing-provider:check').description(
      "ask a consumer's signing provider its CSC info and a token for idflow's client, and print what it said",
    ),
  )
    .addOption(jsonOption())
    .action((options: SigningProviderOptions) => runCommand(options, () => import('./signing-provider-check.action')));
