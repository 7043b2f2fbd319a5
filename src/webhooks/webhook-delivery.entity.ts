import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { DeliveryStatus } from './delivery-status';
import type { WebhookEventType } from './webhook-event-type';

/** One webhook message to one app's URL, and how its delivery is going. Written with the state change it reports. */
@Entity({ name: 'webhook_deliveries' })
@Index(['status', 'nextAttemptAt'])
@Index(['appId', 'createdAt'])
export class WebhookDelivery {
  /** `msg_...`: also the body's `id` and the `webhook-id` header, the same on every attempt. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 32, name: 'app_id' })
  appId: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'varchar', length: 40 })
  type: WebhookEventType;

  /** The caller's `webhook.reference`. */
  @Column({ type: 'text' })
  reference: string;

  @Column({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  /** The exact JSON body sent on every attempt, so each one is signed over the same bytes. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  /** Attempts that got an answer or an error; an attempt cut short by a crash is not counted. */
  @Column({ type: 'integer' })
  attempts: number;

  /** The attempt after which a failure is final: the schedule's length plus one, or one more after a redelivery. */
  @Column({ type: 'integer', name: 'max_attempts' })
  maxAttempts: number;

  /** When a pending delivery is due; null once it has succeeded or failed. */
  @Column({ ...epochMsColumn, name: 'next_attempt_at', nullable: true })
  nextAttemptAt: number | null;

  /** Set while an instance holds the delivery; only that holder may record the attempt's outcome. */
  @Column({ type: 'varchar', length: 32, name: 'lease_token', nullable: true })
  leaseToken: string | null;

  /** A `delivering` row whose lease has run out (its instance died) is due again. */
  @Column({ ...epochMsColumn, name: 'lease_expires_at', nullable: true })
  leaseExpiresAt: number | null;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError: string | null;

  @Column({ type: 'integer', name: 'last_status_code', nullable: true })
  lastStatusCode: number | null;

  @Column({ ...epochMsColumn, name: 'last_attempt_at', nullable: true })
  lastAttemptAt: number | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Index()
  @Column({ ...epochMsColumn, name: 'updated_at' })
  updatedAt: number;
}
