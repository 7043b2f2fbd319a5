import type { DeliveryStatus } from './delivery-status';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookEventType } from './webhook-event-type';

/** A delivery as its app sees it; times are Unix seconds, like the rest of the API. */
export interface WebhookDeliveryView {
  id: string;
  type: WebhookEventType;
  reference: string;
  flow: string;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** When the next attempt is due; null once the delivery has succeeded or failed. */
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  createdAt: number;
}

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

export function viewDelivery(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    type: delivery.type,
    reference: delivery.reference,
    flow: delivery.flowId,
    url: delivery.url,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    nextAttemptAt: seconds(delivery.nextAttemptAt),
    lastAttemptAt: seconds(delivery.lastAttemptAt),
    createdAt: seconds(delivery.createdAt) as number,
  };
}
