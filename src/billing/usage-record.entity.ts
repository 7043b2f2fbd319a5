import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { Environment } from '../tenants/environment';
import type { BillingCategory } from './billing-category';

/**
 * Metered calls, requests with the key of a known app answered below 500: those of one key to one route, answered
 * with one status in one minute, share a row (`UsageTally`). Written in batches.
 */
@Entity({ name: 'usage_records' })
@Index(['consumerId', 'createdAt'])
@Index(['createdAt'])
export class UsageRecord {
  /** `use_...` */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 32, name: 'consumer_id' })
  consumerId: string;

  @Column({ type: 'varchar', length: 32, name: 'app_id' })
  appId: string;

  /** The API key record (`key_...`) the call carried, never the key. */
  @Column({ type: 'varchar', length: 32, name: 'key_id' })
  keyId: string;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  /** Method and route pattern (`POST /api/v2/identification/same-device`), never the concrete URL. */
  @Column({ type: 'varchar', length: 200 })
  route: string;

  /** The route's billing category; null on routes that are never billed. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  category: BillingCategory | null;

  /** The HTTP status the call was answered with. */
  @Column({ type: 'integer' })
  status: number;

  /** How many calls the row counts. */
  @Column({ type: 'integer', default: 1 })
  calls: number;

  /** What the calls were charged together, in minor units: 0 in sandbox, within the allowance and on failures. */
  @Column({ type: 'integer' })
  cost: number;

  /** When the first of the calls arrived. */
  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
