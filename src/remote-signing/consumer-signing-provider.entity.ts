import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { Environment } from '../tenants/environment';

/**
 * A CSC API v2 remote signing provider a consumer's `advanced` documents of one environment are signed at, in place of
 * the deployment's SIGNING_PROVIDERS. Known by its name within its consumer; its client secret is sealed.
 */
@Entity({ name: 'consumer_signing_providers' })
@Index('UQ_consumer_signing_providers_name', ['consumerId', 'name'], { unique: true })
export class ConsumerSigningProvider {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 32, name: 'consumer_id' })
  consumerId: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  /** The CSC API's base URI, the one its `info` is under. */
  @Column({ type: 'varchar', length: 2048, name: 'base_url' })
  baseUrl: string;

  @Column({ type: 'varchar', length: 255, name: 'client_id' })
  clientId: string;

  /** Sealed under the key-encryption key, bound to this row. */
  @Column({ type: 'text', name: 'client_secret' })
  clientSecret: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Column({ ...epochMsColumn, name: 'updated_at' })
  updatedAt: number;
}
