/**
 * Where a wallet fetches a flow's request object and posts its response, and where a page posts the wallet's answer
 * through the browser's Digital Credentials API, under BASE_URL.
 */
export const OPENID4VP_PATHS = {
  request: 'openid4vp/requests',
  response: 'openid4vp/responses',
  dcApiResponse: 'openid4vp/dc-api-responses',
  /** Where a wallet asks for what it presented to be erased. */
  erasureRequest: 'openid4vp/erasure-requests',
  /** The sandbox PID issuer's Token Status List. */
  sandboxStatusList: 'openid4vp/status-lists/sandbox-pid',
} as const;

/** The `aud` of a request object fetched by `request_uri` from a wallet with static metadata (OpenID4VP 1.0 5.8). */
export const STATIC_WALLET_AUDIENCE = 'https://self-issued.me/v2';

/** The Digital Credentials API protocol of a signed OpenID4VP 1.0 request (OpenID4VP 1.0 appendix A). */
export const DC_API_PROTOCOL = 'openid4vp-v1-signed';
