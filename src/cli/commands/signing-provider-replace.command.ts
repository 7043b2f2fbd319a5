import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { type SigningProviderSettingsOptions, withProviderSettings } from './signing-provider-options';

export const signingProviderReplaceCommand = () =>
  withProviderSettings(
    new Command('signing-provider:replace').description(
      "replace a consumer's signing provider's settings whole: a new address, client, environment or rotated secret",
    ),
  )
    .addOption(jsonOption())
    .action((options: SigningProviderSettingsOptions) =>
      runCommand(options, () => import('./signing-provider-replace.action')),
    );
