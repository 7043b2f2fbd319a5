import type { NamedSchema } from '../common/openapi/named-schemas';
import { object, string } from '../common/openapi/json-schema';
import type { StartMode } from '../flows/flow-kind';
import { startedFlowSchema } from '../flows/flow.schemas';

/** `data` of each identification create (spec 2.3). */
export const IDENTIFICATION_CREATED_SCHEMAS: Record<StartMode, NamedSchema> = {
  'same-device': startedFlowSchema('SameDeviceIdentification', ['link', 'qr']),
  'different-device': startedFlowSchema('DifferentDeviceIdentification', ['verificationCode'], {
    token: string('An access token for v1 routes, also sent in the `x-access-token` header'),
  }),
  wildcard: startedFlowSchema('WildcardIdentification', ['seeds', 'qr']),
  wallet: startedFlowSchema('WalletIdentification', [], {
    presentation: object(
      {
        uri: string("The `openid4vp://` request: show it as a QR code, or open it on the person's phone"),
        requestUri: string('Where the wallet fetches the signed request object'),
        clientId: string("The verifier's client identifier: `x509_hash:` and the SHA-256 of its certificate"),
      },
      { description: "How the person's EU wallet is reached (docs/eudi-wallet.md)" },
    ),
  }),
};
