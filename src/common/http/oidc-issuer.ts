/** Where the OpenID provider is mounted. */
export const OIDC_PATH = '/oidc';

/** The provider's issuer: `{BASE_URL}/oidc`, as its discovery document and every ID token name it. */
export const oidcIssuer = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}${OIDC_PATH}`;
