/** The three integrator credentials and the headers that carry them (spec section 5). */
export const CREDENTIAL_HEADERS = {
  key: 'x-api-key',
  secret: 'x-access-secret',
  token: 'x-access-token',
} as const;

export type Credential = keyof typeof CREDENTIAL_HEADERS;
