import { createPublicKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ClientAuthMethod, ClientMetadata } from 'oidc-provider';
import { NotFoundError } from '../common/errors/not-found.error';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { IDENTIFICATION_SCOPES } from '../identification/identification-scopes';
import { unprovisionedScopeReason } from '../tenants/provisioned-scope';
import { TenantsService } from '../tenants/tenants.service';
import type { StartMode } from '../flows/flow-kind';

/** How a confidential client authenticated at the token, revocation or introspection endpoint. */
export type PresentedClientAuth = Extract<
  ClientAuthMethod,
  'client_secret_basic' | 'client_secret_post' | 'private_key_jwt'
>;

const APP_ID_SHAPE = /^app_[0-9A-Za-z]+$/;

/** The grant a CIBA login ends with at the token endpoint (CIBA Core 1.0 section 10.1). */
export const CIBA_GRANT_TYPE = 'urn:openid:params:grant-type:ciba';

/** The client metadata that carries the app's profile to the provider, which holds a `fapi2` app to FAPI 2.0. */
export const OIDC_PROFILE_METADATA = 'idflow_oidc_profile';

/**
 * idflow apps as OpenID clients: the app id is the `client_id`, its registered redirect URIs are the client's, its ID
 * tokens are signed with the algorithm it chose, and it proves itself with its app secret (basic or post) or a JWT
 * signed with its RSA key (or a key its `jwks_uri` publishes), whichever it presents; a public app by PKCE alone. The provider is handed the secret's
 * SHA-256 digest, never a clear secret, and compares a presented secret by its digest (see OidcProviderService). An
 * app with CIBA on may also start backchannel logins. An app with neither redirect URIs nor CIBA is no client.
 */
@Injectable()
export class OidcClientsService {
  constructor(private readonly tenants: TenantsService) {}

  async metadata(clientId: string, presented: PresentedClientAuth): Promise<ClientMetadata | undefined> {
    const app = await this.findApp(clientId);
    if (!app) return undefined;
    const redirects = app.redirectUris.length > 0;
    const fapi2 = app.oidcProfile === 'fapi2' && !app.publicClient;
    const ciba = app.publicClient || app.cibaDeliveryMode === 'off' ? undefined : app.cibaDeliveryMode;
    if (!redirects && !ciba) return undefined;
    return {
      client_id: app.id,
      client_name: app.name,
      redirect_uris: app.redirectUris,
      post_logout_redirect_uris: app.redirectUris,
      response_types: redirects ? ['code'] : [],
      grant_types: [...(redirects ? ['authorization_code'] : []), 'refresh_token', ...(ciba ? [CIBA_GRANT_TYPE] : [])],
      ...(ciba && {
        backchannel_token_delivery_mode: ciba,
        ...(app.cibaNotificationEndpoint && {
          backchannel_client_notification_endpoint: app.cibaNotificationEndpoint,
        }),
      }),
      id_token_signed_response_alg: app.idTokenSigningAlg,
      // The logout token and ID tokens carry the session's `sid`, so the app ends the one session that was logged out.
      ...(app.backchannelLogoutUri && {
        backchannel_logout_uri: app.backchannelLogoutUri,
        backchannel_logout_session_required: true,
      }),
      [OIDC_PROFILE_METADATA]: fapi2 ? 'fapi2' : 'basic',
      // FAPI 2.0 section 5.3.2.1 and 5.3.2.2: pushed authorization requests only, sender-constrained access tokens.
      ...(fapi2 && { require_pushed_authorization_requests: true, dpop_bound_access_tokens: true }),
      // FAPI-CIBA section 5.2.2: a fapi2 app's CIBA requests are signed request objects, PS256 by its RSA key.
      ...(fapi2 && ciba && { backchannel_authentication_request_signing_alg: 'PS256' }),
      ...(app.publicClient
        ? { token_endpoint_auth_method: 'none' }
        : {
            // FAPI 2.0 section 5.3.2.1: a client authenticates with a key, never a shared secret.
            token_endpoint_auth_method: fapi2 ? 'private_key_jwt' : presented,
            ...(!fapi2 && { client_secret: app.secretDigest }),
            ...(app.jwksUri
              ? { jwks_uri: app.jwksUri }
              : { jwks: { keys: [{ ...createPublicKey(app.publicKeyPem).export({ format: 'jwk' }), use: 'sig' }] } }),
          }),
    };
  }

  /**
   * Why an app may not start a login: every login starts with an identification flow (a login page's in `startMode`,
   * a CIBA login's pushed), which needs the scope its REST create needs. Undefined when it may, or when it is no
   * client (the provider refuses those itself).
   */
  async loginRefusal(clientId: string, startMode: StartMode): Promise<string | undefined> {
    const app = await this.findApp(clientId);
    return app && unprovisionedScopeReason(app, IDENTIFICATION_SCOPES[startMode]);
  }

  private async findApp(clientId: string): Promise<ConsumerApp | undefined> {
    if (!APP_ID_SHAPE.test(clientId)) return undefined;
    try {
      return await this.tenants.findApp(clientId);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
}
