import { Command } from 'commander';
import type { OutputOptions } from '../cli-action';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';

export const operatorsListCommand = () =>
  new Command('operators:list')
    .description('list the operators and their roles, first named first')
    .addOption(jsonOption())
    .action((options: OutputOptions) => runCommand(options, () => import('./operators-list.action')));
