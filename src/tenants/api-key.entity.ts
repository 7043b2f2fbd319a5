import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import { ConsumerApp } from './consumer-app.entity';
import type { Environment } from './environment';

/** A `bk-test_` / `bk-live_` key of one app, stored only as its SHA-256 digest. */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Index()
  @Column({ type: 'varchar', length: 32, name: 'app_id' })
  appId: string;

  @ManyToOne(() => ConsumerApp, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: ConsumerApp;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  digest: string;

  /** The key's prefix and last four characters, so an operator can tell keys apart. */
  @Column({ type: 'varchar', length: 24 })
  hint: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Column({ ...epochMsColumn, name: 'revoked_at', nullable: true })
  revokedAt: number | null;

  /** When a request last presented the key, to the minute (KeyUsageRecorder); null while it never was. */
  @Column({ ...epochMsColumn, name: 'last_used_at', nullable: true })
  lastUsedAt: number | null;
}
