import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { type SigningProviderSettingsOptions, withProviderSettings } from './signing-provider-options';

export const signingProviderAddCommand = () =>
  withProviderSettings(
    new Command('signing-provider:add').description(
      "add a remote signing provider (CSC API v2) for a consumer's advanced documents of one environment",
    ),
  )
    .addOption(jsonOption())
    .action((options: SigningProviderSettingsOptions) =>
      runCommand(options, () => import('./signing-provider-add.action')),
    );
