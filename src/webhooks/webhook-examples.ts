import type { WebhookDeliveryView } from './webhook-delivery-view';

/** The example delivery of the OpenAPI document: a first attempt failed, a retry is due. */
export const DELIVERY_VIEW_EXAMPLE: WebhookDeliveryView = {
  id: 'msg_2ZkQ8mWc4NfR7tYb1LpX9sDv',
  type: 'signing.completed',
  reference: 'order-1234',
  flow: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
  url: 'https://shop.example/hooks/idflow',
  status: 'pending',
  attempts: 1,
  lastStatusCode: 503,
  lastError: 'HTTP 503: Service Unavailable',
  nextAttemptAt: 1763700047,
  lastAttemptAt: 1763700042,
  createdAt: 1763700042,
};

/** The same delivery just queued again by a redelivery: its next attempt is due at once. */
export const QUEUED_DELIVERY_EXAMPLE: WebhookDeliveryView = {
  ...DELIVERY_VIEW_EXAMPLE,
  status: 'pending',
  nextAttemptAt: 1763700050,
};
