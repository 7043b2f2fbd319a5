import { Command } from 'commander';
import type { OutputOptions } from '../cli-action';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';

export const sandboxBootstrapCommand = () =>
  new Command('sandbox:bootstrap')
    .description('create a sandbox app with every scope and its credentials; seeds the test persons on first use')
    .addOption(jsonOption())
    .action((options: OutputOptions) => runCommand(options, () => import('./sandbox-bootstrap.action')));
