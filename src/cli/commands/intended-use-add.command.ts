import { Command, InvalidArgumentError, Option } from 'commander';
import { INTENDED_USE_NAME } from '../../eudi/intended-use-name';
import { CREDENTIAL_TYPES } from '../../eudi/registrable-credentials';
import { runCommand } from '../run-command';
import type { IntendedUseAddOptions } from './intended-use-add.action';
import { jsonOption } from './json-option';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function intendedUseName(value: string): string {
  if (!INTENDED_USE_NAME.test(value)) throw new InvalidArgumentError("letters, digits, '.', '_' or '-', at most 64");
  return value;
}

export const intendedUseAddCommand = () =>
  new Command('intended-use:add')
    .description(
      "register an intended use of an app's EU wallet requests: the purpose its wallet shows, and the credential " +
        'types and claims it may ask for',
    )
    .requiredOption('--app <id>', 'app id (app_...)')
    .requiredOption('--name <name>', 'its name, which wallet creates give as intendedUse', intendedUseName)
    .requiredOption('--purpose <text>', 'why the person is asked, shown by their wallet')
    .addOption(
      new Option('--credential <types...>', 'the credential types it may ask for')
        .choices(CREDENTIAL_TYPES)
        .makeOptionMandatory(),
    )
    .requiredOption('--claim <key>', 'a catalog claim it may ask for; repeat for several', collect)
    .addOption(jsonOption())
    .action((options: IntendedUseAddOptions) => runCommand(options, () => import('./intended-use-add.action')));
