import { Command, InvalidArgumentError, Option } from 'commander';
import { ENVIRONMENTS } from '../../tenants/environment';
import { SCOPES, type Scope, isScope } from '../../tenants/scopes';
import { runCommand } from '../run-command';
import type { AppCreateOptions } from './app-create.action';
import { jsonOption } from './json-option';

function parseScopes(value: string): Scope[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(`unknown scope ${unknown.join(', ')}; the scopes are ${SCOPES.join(', ')}`);
  }
  if (names.length === 0) throw new InvalidArgumentError('name at least one scope, or leave --scopes out');
  return names as Scope[];
}

export const appCreateCommand = () =>
  new Command('app:create')
    .description('create an app of a consumer; prints its secrets once')
    .requiredOption('--consumer <id>', 'consumer id (bcn_...)')
    .requiredOption('--name <name>', 'app name shown to holders')
    .addOption(new Option('--env <environment>', 'environment of the app').choices(ENVIRONMENTS).makeOptionMandatory())
    .option('--scopes <scopes>', 'comma-separated scopes (default: all but those that need approval)', parseScopes)
    .option('--public-key <file>', 'RSA public key PEM for claims (default: generate a pair, print the private key)')
    .addOption(jsonOption())
    .action((options: AppCreateOptions) => runCommand(options, () => import('./app-create.action')));
