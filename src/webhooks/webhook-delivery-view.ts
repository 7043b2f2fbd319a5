import type { DeliveryStatus } from './delivery-status';
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
