import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/** `waiting` for the person; `due` once their flow has ended; then `sent`, or `failed` when the login ended first. */
export type CibaPingStatus = 'waiting' | 'due' | 'sent' | 'failed';

/**
 * The ping a CIBA login in ping mode owes its app (CIBA Core 1.0 section 10.2), queued as webhooks are: made due in the
 * transaction that ends the login's flow, then sent by whichever instance claims it, and retried until the login ends.
 */
@Entity({ name: 'ciba_pings' })
@Index('IDX_ciba_pings_status_next_attempt_at', ['status', 'nextAttemptAt'])
export class CibaPing {
  /** The identification flow the login pushed: its end is what the ping reports. */
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  /** The login's `auth_req_id`, sealed: with the app's credentials it fetches the person's tokens. */
  @Column({ type: 'text', name: 'auth_req_id' })
  authReqId: string;

  @Column({ type: 'varchar', length: 16 })
  status: CibaPingStatus;

  /** Attempts made, the one under way included. */
  @Column({ type: 'integer' })
  attempts: number;

  /**
   * When a due ping is next tried; a claim moves it past the attempt, so an attempt cut short by a crash is tried again
   * then. Null unless due.
   */
  @Column({ ...epochMsColumn, name: 'next_attempt_at', nullable: true })
  nextAttemptAt: number | null;

  /** When the login ends: nothing is sent after, and the retention sweep removes the row. */
  @Index('IDX_ciba_pings_expires_at')
  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;
}
