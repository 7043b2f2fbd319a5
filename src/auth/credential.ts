/** The three integrator credentials and the headers that carry them (spec section 5). */
export const CREDENTIAL_HEADERS = {
  key: 'x-api-key',
  secret: 'x-access-secret',
  token: 'x-access-token',
} as const;

export type Credential = keyof typeof CREDENTIAL_HEADERS;

/** The OpenAPI security scheme of each credential, so that Swagger's "Authorize" holds each once for every route. */
export const CREDENTIAL_SECURITY_SCHEMES: Record<Credential, { name: string; description: string }> = {
  key: {
    name: 'apiKey',
    description: 'API key of the app, in `x-api-key`: `bk-test_...` (sandbox) or `bk-live_...` (production)',
  },
  secret: { name: 'appSecret', description: 'App secret, `snb_...`, in `x-access-secret`' },
  token: { name: 'accessToken', description: 'Access token from GET /api/v1/flow/authorize, in `x-access-token`' },
};
