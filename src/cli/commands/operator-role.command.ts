import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { operatorIdOption, roleOption, type OperatorRoleOptions } from './operator-options';

export const operatorRoleCommand = () =>
  new Command('operator:role')
    .description("change an operator's role; the last owner keeps theirs")
    .addOption(operatorIdOption())
    .addOption(roleOption())
    .addOption(jsonOption())
    .action((options: OperatorRoleOptions) => runCommand(options, () => import('./operator-role.action')));
