/**
 * How an app's ID tokens are signed ("Log in with OIDC"): RS256, which every OpenID client accepts out of the box, or
 * ES256 or EdDSA for clients that ask for them. The service holds a key of its own for each (`service-key/`).
 */
export const ID_TOKEN_SIGNING_ALGS = ['RS256', 'ES256', 'EdDSA'] as const;
export type IdTokenSigningAlg = (typeof ID_TOKEN_SIGNING_ALGS)[number];

export const DEFAULT_ID_TOKEN_SIGNING_ALG: IdTokenSigningAlg = 'RS256';
