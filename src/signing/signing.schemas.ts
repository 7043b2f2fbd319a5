import type { NamedSchema } from '../common/openapi/named-schemas';
import type { StartMode } from '../flows/flow-kind';
import { WALLET_PRESENTATION_SCHEMA } from '../eudi/wallet-presentation.schema';
import { startedFlowSchema } from '../flows/flow.schemas';

/** `data` of each signing create (spec 2.5). */
export const SIGNING_CREATED_SCHEMAS: Record<StartMode, NamedSchema> = {
  'same-device': startedFlowSchema('SameDeviceSigning', ['link', 'qr']),
  'different-device': startedFlowSchema('DifferentDeviceSigning', ['verificationCode']),
  wildcard: startedFlowSchema('WildcardSigning', ['seeds', 'qr']),
  wallet: startedFlowSchema('WalletSigning', [], { presentation: WALLET_PRESENTATION_SCHEMA }),
};
