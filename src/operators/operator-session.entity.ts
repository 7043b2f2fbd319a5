import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * An operator signed in: the SHA-256 of the session's bearer token (never the token), whose operator it is, and until
 * when. The digest of the ID token it was made from is kept too, so that one login makes one session.
 */
@Entity({ name: 'operator_sessions' })
export class OperatorSession {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'token_digest' })
  tokenDigest: string;

  @Index('UQ_operator_sessions_id_token', { unique: true })
  @Column({ type: 'varchar', length: 64, name: 'id_token_digest' })
  idTokenDigest: string;

  @Column({ type: 'varchar', length: 32, name: 'operator_id' })
  operatorId: string;

  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;
}
