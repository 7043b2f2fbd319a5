import { arrayOf, integer, nullable, object, oneOfStrings, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { DELIVERY_STATUSES } from './delivery-status';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-type';

const DELIVERY_SCHEMA = namedSchema(
  'WebhookDelivery',
  object({
    id: string('`msg_...`, also the `webhook-id` header it is sent with'),
    type: oneOfStrings(WEBHOOK_EVENT_TYPES),
    reference: string(),
    flow: string(),
    url: string(),
    status: oneOfStrings(DELIVERY_STATUSES),
    attempts: integer(),
    lastStatusCode: nullable(integer()),
    lastError: nullable(string()),
    nextAttemptAt: nullable(unixSeconds('When the next attempt is due; null once it succeeded or failed')),
    lastAttemptAt: nullable(unixSeconds()),
    createdAt: unixSeconds(),
  }),
);

export const DELIVERY_LIST_SCHEMA = namedSchema('WebhookDeliveries', object({ deliveries: arrayOf(DELIVERY_SCHEMA) }));
export const DELIVERY_ANSWER_SCHEMA = namedSchema('WebhookDeliveryAnswer', object({ delivery: DELIVERY_SCHEMA }));
