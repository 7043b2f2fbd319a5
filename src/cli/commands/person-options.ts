import { InvalidArgumentError, Option } from 'commander';
import { displayNameProblem } from '../../admin/person-rules';
import { ninProblem } from '../../common/validation/nin-rule';
import { ENVIRONMENTS, type Environment } from '../../tenants/environment';
import type { OutputOptions } from '../cli-action';

const checked = (problem: (value: string) => string | undefined) => (value: string) => {
  const reason = problem(value);
  if (reason) throw new InvalidArgumentError(reason);
  return value;
};

/** `--nin`, with the admin API's NIN rule. */
export const ninOption = () =>
  new Option('--nin <nin>', 'NIN of the person (11 to 32 letters, digits and dashes)')
    .argParser(checked(ninProblem))
    .makeOptionMandatory();

/** `--env`, the environment the person belongs to. */
export const personEnvironmentOption = () =>
  new Option('--env <environment>', 'environment of the person').choices(ENVIRONMENTS).makeOptionMandatory();

/** `--name`, with the admin API's display-name rule. */
export const displayNameOption = () =>
  new Option('--name <display name>', 'display name of the person')
    .argParser(checked(displayNameProblem))
    .makeOptionMandatory();

/** The options of a command about one person: `--nin` and `--env`. */
export interface PersonOptions extends OutputOptions {
  nin: string;
  env: Environment;
}
