import { boolean, object } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { WALLET_ERASURE_SCHEMA } from '../eudi/erasure.schemas';
import { FLOW_VIEW_SCHEMA } from '../flows/flow.schemas';

/** `data` of the sandbox wallet's erasure request: the flow as it now stands, and the wallet's answer. */
export const SANDBOX_ERASURE_SCHEMA = namedSchema(
  'SandboxErasure',
  object({
    request: FLOW_VIEW_SCHEMA,
    erasure: WALLET_ERASURE_SCHEMA,
    repeated: boolean('True when an earlier request had erased them already'),
  }),
);
