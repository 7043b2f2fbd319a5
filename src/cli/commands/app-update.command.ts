import { Command, Option } from 'commander';
import { CIBA_DELIVERY_MODES } from '../../tenants/ciba-delivery';
import { OIDC_PROFILES } from '../../tenants/oidc-profile';
import { ID_TOKEN_SIGNING_ALGS } from '../../tenants/id-token-signing-alg';
import { runCommand } from '../run-command';
import type { AppUpdateOptions } from './app-update.action';
import { jsonOption } from './json-option';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const appUpdateCommand = () =>
  new Command('app:update')
    .description(
      'set how the app logs people in with OIDC: its redirect URIs (replacing the list), public-client flag, ID ' +
        'token signing algorithm, profile, CIBA delivery, back-channel logout URI or jwks_uri',
    )
    .requiredOption('--app <id>', 'app id (app_...)')
    .option('--redirect-uri <url>', 'a redirect URI; repeat the option for several (replaces the list)', collect)
    .option('--no-redirect-uris', 'remove every redirect URI (turns "Log in with OIDC" off for the app)')
    .addOption(
      new Option('--public-client <yes|no>', 'a public client proves itself by PKCE alone').choices(['yes', 'no']),
    )
    .addOption(
      new Option('--id-token-signing-alg <alg>', "the algorithm the app's ID tokens are signed with").choices(
        ID_TOKEN_SIGNING_ALGS,
      ),
    )
    .addOption(
      new Option('--oidc-profile <profile>', 'basic, or fapi2 (the FAPI 2.0 Security Profile)').choices(OIDC_PROFILES),
    )
    .addOption(
      new Option('--ciba <mode>', 'whether the app may start CIBA logins, and how it hears of them').choices(
        CIBA_DELIVERY_MODES,
      ),
    )
    .option('--ciba-notification-endpoint <url>', 'the https URL a CIBA login in ping mode notifies')
    .option('--backchannel-logout-uri <url>', 'the https URL a logout token is posted to when a person logs out')
    .option('--jwks-uri <url>', "the https URL of the app's keys for private_key_jwt, in place of its RSA key")
    .addOption(jsonOption())
    .action((options: AppUpdateOptions) => runCommand(options, () => import('./app-update.action')));
