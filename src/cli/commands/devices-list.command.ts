import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { PersonOptions, ninOption, personEnvironmentOption } from './person-options';

export const devicesListCommand = () =>
  new Command('devices:list')
    .description("list a person's devices, oldest first, revoked ones included; never their keys")
    .addOption(ninOption())
    .addOption(personEnvironmentOption())
    .addOption(jsonOption())
    .action((options: PersonOptions) => runCommand(options, () => import('./devices-list.action')));
