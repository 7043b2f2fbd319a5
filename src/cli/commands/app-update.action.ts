import type { OidcProfile } from '../../tenants/oidc-profile';
import type { IdTokenSigningAlg } from '../../tenants/id-token-signing-alg';
import type { CibaDeliveryMode } from '../../tenants/ciba-delivery';
import { InvalidArgumentError } from 'commander';
import { appView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';

export interface AppUpdateOptions extends OutputOptions {
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

export const action: CliAction<AppUpdateOptions> = {
  needs: { imports: [TenantsModule] },
  audit: { command: 'app:update', target: (options) => ({ appId: options.app }) },
  async run(context, options) {
    const redirectUris = options.redirectUris === false ? [] : options.redirectUri;
    const { idTokenSigningAlg, oidcProfile, ciba: cibaDeliveryMode, cibaNotificationEndpoint } = options;
    const { backchannelLogoutUri, jwksUri } = options;
    const changes = {
      redirectUris,
      publicClient: options.publicClient === undefined ? undefined : options.publicClient === 'yes',
      idTokenSigningAlg,
      oidcProfile,
      cibaDeliveryMode,
      cibaNotificationEndpoint,
      backchannelLogoutUri,
      jwksUri,
    };
    if (Object.values(changes).every((change) => change === undefined)) {
      throw new InvalidArgumentError(
        'give --redirect-uri, --no-redirect-uris, --public-client, --id-token-signing-alg, --oidc-profile, --ciba, ' +
          '--ciba-notification-endpoint, --backchannel-logout-uri or --jwks-uri',
      );
    }
    const app = appView(await context.get(TenantsService).updateOidcClient(options.app, changes));
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
  },
};
