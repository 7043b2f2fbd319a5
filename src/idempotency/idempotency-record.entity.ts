import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/** One `Idempotency-Key` an app sent: claimed while its first request runs, then the answer that request got. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyRecord {
  /** SHA-256 of the app id and the key: keys are scoped per app. */
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'key_digest' })
  keyDigest: string;

  @Column({ type: 'varchar', length: 32, name: 'app_id' })
  appId: string;

  /** SHA-256 of the method, path and body of the first request: another body under the same key is refused. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint: string;

  /** `running` until the first request is answered, then `answered`. */
  @Column({ type: 'varchar', length: 16 })
  state: 'running' | 'answered';

  @Column({ type: 'integer', name: 'status_code', nullable: true })
  statusCode: number | null;

  /** The JSON answer of the first request, replayed as it was sent. */
  @Column({ type: 'text', nullable: true })
  body: string | null;

  /** Headers of that answer a client reads (the v1 access token of a different-device create), as a JSON object. */
  @Column({ type: 'text', nullable: true })
  headers: string | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Index()
  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;
}
