import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookDeliveryView } from './webhook-delivery-view';

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
