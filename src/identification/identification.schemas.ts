import type { NamedSchema } from '../common/openapi/named-schemas';
import { string } from '../common/openapi/json-schema';
import { WALLET_PRESENTATION_SCHEMA } from '../eudi/wallet-presentation.schema';
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
    presentation: WALLET_PRESENTATION_SCHEMA,
  }),
};
