import type { NamedSchema } from '../common/openapi/named-schemas';
import type { AppStartMode } from '../flows/flow-kind';
import { startedFlowSchema } from '../flows/flow.schemas';

/** `data` of each signing create (spec 2.5). */
export const SIGNING_CREATED_SCHEMAS: Record<AppStartMode, NamedSchema> = {
  'same-device': startedFlowSchema('SameDeviceSigning', ['link', 'qr']),
  'different-device': startedFlowSchema('DifferentDeviceSigning', ['verificationCode']),
  wildcard: startedFlowSchema('WildcardSigning', ['seeds', 'qr']),
};
