import { Command, InvalidArgumentError, Option } from 'commander';
import { appView } from '../../admin/admin-views';
import { CIBA_DELIVERY_MODES, CibaDeliveryMode } from '../../tenants/ciba-delivery';
import { OIDC_PROFILES, OidcProfile } from '../../tenants/oidc-profile';
import { ID_TOKEN_SIGNING_ALGS, IdTokenSigningAlg } from '../../tenants/id-token-signing-alg';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

interface AppUpdateOptions extends OutputOptions {
  app: string;
  redirectUri?: string[];
  /** False with --no-redirect-uris. */
  redirectUris?: boolean;
  publicClient?: 'yes' | 'no';
  idTokenSigningAlg?: IdTokenSigningAlg;
  oidcProfile?: OidcProfile;
  ciba?: CibaDeliveryMode;
  cibaNotificationEndpoint?: string;
  backchannelLogoutUri?: string;
  jwksUri?: string;
}

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
    .action((options: AppUpdateOptions) =>
      runCommand(options, async (context) => {
        const redirectUris = options.redirectUris === false ? [] : options.redirectUri;
        const { idTokenSigningAlg, oidcProfile, ciba: cibaDeliveryMode, cibaNotificationEndpoint } = options;
        const { backchannelLogoutUri, jwksUri } = options;
        const changes = [
          options.publicClient,
          idTokenSigningAlg,
          oidcProfile,
          cibaDeliveryMode,
          cibaNotificationEndpoint,
          backchannelLogoutUri,
          jwksUri,
        ];
        if (redirectUris === undefined && changes.every((change) => change === undefined)) {
          throw new InvalidArgumentError(
            'give --redirect-uri, --no-redirect-uris, --public-client, --id-token-signing-alg, --oidc-profile, --ciba, ' +
              '--ciba-notification-endpoint, --backchannel-logout-uri or --jwks-uri',
          );
        }
        const publicClient = options.publicClient === undefined ? undefined : options.publicClient === 'yes';
        const app = appView(
          await context.get(TenantsService).updateOidcClient(options.app, {
            redirectUris,
            publicClient,
            idTokenSigningAlg,
            oidcProfile,
            cibaDeliveryMode,
            cibaNotificationEndpoint,
            backchannelLogoutUri,
            jwksUri,
          }),
        );
        return {
          json: app,
          human: summary(`App ${app.appId} updated`, {
            'redirect URIs': app.redirectUris.join(', ') || '(none)',
            'public client': app.publicClient ? 'yes' : 'no',
            'ID token signing': app.idTokenSigningAlg,
            profile: app.oidcProfile,
            CIBA: app.cibaDeliveryMode,
            'CIBA notification endpoint': app.cibaNotificationEndpoint ?? '(none)',
            'back-channel logout URI': app.backchannelLogoutUri ?? '(none)',
            jwks_uri: app.jwksUri ?? '(none)',
          }),
        };
      }),
    );
