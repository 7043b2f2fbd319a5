import { object, string } from '../common/openapi/json-schema';

/** `data.presentation` of a wallet create, identification or signing: how the person's EU wallet is reached. */
export const WALLET_PRESENTATION_SCHEMA = object(
  {
    uri: string("The `openid4vp://` request: show it as a QR code, or open it on the person's phone"),
    requestUri: string('Where the wallet fetches the signed request object'),
    clientId: string("The verifier's client identifier: `x509_hash:` and the SHA-256 of its certificate"),
    digitalCredentials: object(
      {
        protocol: string('`openid4vp-v1-signed`'),
        data: object(
          { request: string("The signed request object (`dc_api.jwt`, `expected_origins` the create's origin)") },
          { description: 'The protocol request' },
        ),
      },
      {
        description:
          'Given an `origin` at create: pass it as is in ' +
          '`navigator.credentials.get({ digital: { requests: [digitalCredentials] } })`',
      },
    ),
    digitalCredentialsResponseUri: string(
      "Given an `origin` at create: where the page posts the returned credential's `data` as JSON",
    ),
  },
  {
    optional: ['digitalCredentials', 'digitalCredentialsResponseUri'],
    description: "How the person's EU wallet is reached (docs/eudi-wallet.md)",
  },
);
