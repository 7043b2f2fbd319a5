import { arrayOf, object, oneOfStrings, string } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { DEVICE_ALGORITHMS } from '../devices/device.entity';
import { DOCUMENT_HOLDER_FLOW_SCHEMA } from '../documents/document.schemas';
import { HOLDER_FLOW_SCHEMA } from '../flows/flow.schemas';

/** A flow as the device sees it, a document adding the file to show. */
const ANY_HOLDER_FLOW = { anyOf: [DOCUMENT_HOLDER_FLOW_SCHEMA, HOLDER_FLOW_SCHEMA] };

export const HOLDER_FLOW_ANSWER_SCHEMA = namedSchema('HolderFlowAnswer', object({ flow: ANY_HOLDER_FLOW }));

export const INBOX_SCHEMA = namedSchema('Inbox', object({ flows: arrayOf(ANY_HOLDER_FLOW, 'Newest first') }));

export const ENROLLED_DEVICE_SCHEMA = namedSchema(
  'EnrolledDevice',
  object({
    device: object({ id: string(), nin: string(), alg: oneOfStrings(DEVICE_ALGORITHMS), label: string() }),
  }),
);
