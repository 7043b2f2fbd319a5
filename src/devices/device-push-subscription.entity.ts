import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * Where the push service of a device's browser takes its notifications (RFC 8030), one per device, replaced when the
 * browser subscribes again.
 */
@Entity({ name: 'device_push_subscriptions' })
export class DevicePushSubscription {
  @PrimaryColumn({ type: 'varchar', length: 32, name: 'device_id' })
  deviceId: string;

  /**
   * The endpoint and the browser's keys (`p256dh`, `auth`) as JSON, sealed: the endpoint is a capability URL and
   * `auth` a shared secret, so neither is kept in clear.
   */
  @Column({ type: 'text' })
  subscription: string;

  @Column({ ...epochMsColumn, name: 'updated_at' })
  updatedAt: number;
}
