import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { operatorIdOption, type OperatorOptions } from './operator-options';

export const operatorRemoveCommand = () =>
  new Command('operator:remove')
    .description('remove an operator; the last owner stays')
    .addOption(operatorIdOption())
    .addOption(jsonOption())
    .action((options: OperatorOptions) => runCommand(options, () => import('./operator-remove.action')));
