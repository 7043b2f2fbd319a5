import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { PersonCreateOptions } from './person-create.action';
import { jsonOption } from './json-option';
import { displayNameOption, ninOption, personEnvironmentOption } from './person-options';

export const personCreateCommand = () =>
  new Command('person:create')
    .description('add a person (a holder) by NIN; prints which claims they hold, never the values')
    .addOption(ninOption())
    .addOption(personEnvironmentOption())
    .addOption(displayNameOption())
    .option(
      '--claims <file>',
      'JSON file of claim values by group then name (spec 2.8), e.g. {"naming":{"name":"..."}}',
    )
    .addOption(jsonOption())
    .action((options: PersonCreateOptions) => runCommand(options, () => import('./person-create.action')));
