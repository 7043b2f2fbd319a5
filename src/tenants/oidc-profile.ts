import type { ValidationIssue } from '../common/errors/validation-issue';

/**
 * How strictly an app's OpenID logins are held: `basic` (code + PKCE, any of the app's credentials) or `fapi2`, the
 * FAPI 2.0 Security Profile that banks are asked for: pushed authorization requests only, `private_key_jwt` client
 * authentication, DPoP-bound access tokens.
 */
export const OIDC_PROFILES = ['basic', 'fapi2'] as const;
export type OidcProfile = (typeof OIDC_PROFILES)[number];

export const DEFAULT_OIDC_PROFILE: OidcProfile = 'basic';

/** FAPI 2.0 authenticates every client with a key, which a public client has not: the two do not go together. */
export function oidcProfileIssues({
  publicClient,
  oidcProfile,
}: {
  publicClient: boolean;
  oidcProfile: OidcProfile;
}): ValidationIssue[] {
  return publicClient && oidcProfile === 'fapi2'
    ? [{ code: 'custom', path: ['oidcProfile'], message: 'A public client cannot use the fapi2 profile' }]
    : [];
}
