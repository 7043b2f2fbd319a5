import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/** The `jti` of every device proof seen while it could still be fresh, so a captured proof cannot be replayed. */
@Entity({ name: 'used_device_proofs' })
export class UsedProof {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'jti_digest' })
  jtiDigest: string;

  @Index()
  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;
}
