/**
 * What the settings screens offer to choose from, as the service accepts it (src/tenants, src/eudi): values, which the
 * console cannot import from the service, each typed by the service's own union so that a value it no longer accepts
 * fails the console's type check.
 */
import type { AppDetails, CibaDeliveryMode, IdTokenSigningAlg, OidcProfile } from './admin-types';

export const ID_TOKEN_SIGNING_ALGS: readonly IdTokenSigningAlg[] = ['RS256', 'ES256', 'EdDSA'];
export const OIDC_PROFILES: readonly OidcProfile[] = ['basic', 'fapi2'];
export const CIBA_DELIVERY_MODES: readonly CibaDeliveryMode[] = ['off', 'poll', 'ping'];
export const CREDENTIAL_TYPES = ['urn:eudi:pid:1', 'eu.europa.ec.eudi.pid.1'] as const;

/** What `PATCH /admin/apps/{appId}` changes: how the app logs people in with OIDC and CIBA. */
export type AppSettingsFields = Pick<
  AppDetails,
  | 'redirectUris'
  | 'publicClient'
  | 'idTokenSigningAlg'
  | 'oidcProfile'
  | 'cibaDeliveryMode'
  | 'cibaNotificationEndpoint'
  | 'backchannelLogoutUri'
  | 'jwksUri'
>;
