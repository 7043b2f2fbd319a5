import { readFileSync } from 'node:fs';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { SigningProviderSettings } from '../../remote-signing/consumer-signing-providers.service';
import { SIGNING_PROVIDER_NAME } from '../../remote-signing/signing-provider-name';
import { ENVIRONMENTS, type Environment } from '../../tenants/environment';
import type { OutputOptions } from '../cli-action';

/** The options of a command about one signing provider of a consumer. */
export interface SigningProviderOptions extends OutputOptions {
  consumer: string;
  name: string;
}

/** The options that set a provider's settings; its secret is read from a file, never given on the command line. */
export interface SigningProviderSettingsOptions extends SigningProviderOptions {
  env: Environment;
  baseUrl: string;
  clientId: string;
  clientSecretFile: string;
}

function signingProviderName(value: string): string {
  if (!SIGNING_PROVIDER_NAME.test(value))
    throw new InvalidArgumentError("letters, digits, '.', '_' or '-', at most 64");
  return value;
}

/** `--consumer` and `--name`, which every command about one provider takes. */
export const withProviderName = (command: Command) =>
  command
    .requiredOption('--consumer <id>', 'consumer id (bcn_...)')
    .requiredOption('--name <name>', "the provider's name within the consumer", signingProviderName);

/** The settings of a provider, as add and replace take them whole. */
export const withProviderSettings = (command: Command) =>
  withProviderName(command)
    .addOption(
      new Option('--env <environment>', "the consumer's documents it signs")
        .choices(ENVIRONMENTS)
        .makeOptionMandatory(),
    )
    .requiredOption('--base-url <url>', 'the CSC API v2 base URI (https://.../csc/v2)')
    .requiredOption('--client-id <id>', "idflow's OAuth2 client id at the provider")
    .requiredOption(
      '--client-secret-file <path>',
      'a file holding the client secret (/dev/stdin to pipe it): a secret on the command line would stay in shell history',
    );

/** The settings the options give, the secret read from its file without its final line break. */
export function settingsOf(options: SigningProviderSettingsOptions): SigningProviderSettings {
  const clientSecret = readFileSync(options.clientSecretFile, 'utf8').replace(/\r?\n$/, '');
  return { environment: options.env, baseUrl: options.baseUrl, clientId: options.clientId, clientSecret };
}
