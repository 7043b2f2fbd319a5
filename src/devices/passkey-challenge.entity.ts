import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A WebAuthn challenge issued to one device, to register its passkey (no flow) or to approve one flow; spent once, so
 * an assertion can be neither replayed nor carried to another flow.
 */
@Entity({ name: 'passkey_challenges' })
export class PasskeyChallenge {
  /** Base64url of 32 random bytes, as the browser echoes it in clientDataJSON. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  challenge: string;

  @Column({ type: 'varchar', length: 32, name: 'device_id' })
  deviceId: string;

  @Column({ type: 'varchar', length: 80, name: 'flow_id', nullable: true })
  flowId: string | null;

  @Index('IDX_passkey_challenges_expires_at')
  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;

  @Column({ ...epochMsColumn, name: 'used_at', nullable: true })
  usedAt: number | null;
}
