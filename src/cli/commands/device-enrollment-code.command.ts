import { Command } from 'commander';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';
import { PersonOptions, ninOption, personEnvironmentOption } from './person-options';

export const deviceEnrollmentCodeCommand = () =>
  new Command('device:enrollment-code')
    .description("issue a one-time code, valid a day, that enrolls one device of a person's digital-ID app")
    .addOption(ninOption())
    .addOption(personEnvironmentOption())
    .addOption(jsonOption())
    .action((options: PersonOptions) => runCommand(options, () => import('./device-enrollment-code.action')));
