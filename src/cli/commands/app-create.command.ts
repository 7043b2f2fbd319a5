import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { createdAppView } from '../../admin/admin-views';
import { ENVIRONMENTS, Environment } from '../../tenants/environment';
import { SCOPES, Scope, isScope } from '../../tenants/scopes';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

interface AppCreateOptions extends OutputOptions {
  consumer: string;
  name: string;
  env: Environment;
  scopes?: Scope[];
  publicKey?: string;
}

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

function readPublicKey(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the public key file ${path}: ${(error as Error).message}`, { cause: error });
  }
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
    .action((options: AppCreateOptions) =>
      runCommand(options, async (context) => {
        const publicKeyPem = options.publicKey === undefined ? undefined : readPublicKey(options.publicKey);
        const app = createdAppView(
          await context.get(TenantsService).createApp({
            consumerId: options.consumer,
            name: options.name,
            environment: options.env,
            scopes: options.scopes,
            publicKeyPem,
          }),
        );
        const human = summary(`App ${app.appId} created (${app.environment}); the secrets below are shown only now`, {
          consumer: app.consumerId,
          name: app.name,
          scopes: app.scopes.join(', '),
          'app secret': app.appSecret,
          'webhook secret': app.webhookSecret,
          'claims key': app.privateKey ? 'generated; private key below' : 'the public key given',
        });
        return { json: app, human: app.privateKey ? `${human}\n\n${app.privateKey.trimEnd()}` : human };
      }),
    );
