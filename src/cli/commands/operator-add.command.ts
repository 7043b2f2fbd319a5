import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import type { OperatorAddOptions } from './operator-add.action';
import { roleOption } from './operator-options';
import { displayNameOption, ninOption } from './person-options';

export const operatorAddCommand = () =>
  new Command('operator:add')
    .description('name a person an operator of this deployment, by NIN, with a role; the first is named here')
    .addOption(ninOption())
    .addOption(displayNameOption())
    .addOption(roleOption())
    .addOption(jsonOption())
    .action((options: OperatorAddOptions) => runCommand(options, () => import('./operator-add.action')));
