import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { SigneeStatus, SigneeType } from './signee-status';

/** One person asked to sign a document, and how far they have got (spec 2.7). */
@Entity({ name: 'document_signees' })
@Index(['flowId', 'nin'], { unique: true })
export class DocumentSignee {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  /** Order as the caller listed them, which is also the order on the signature page. */
  @PrimaryColumn({ type: 'integer' })
  position: number;

  @Index()
  @Column({ type: 'varchar', length: 32 })
  nin: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  type: SigneeType;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  representing: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  title: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: SigneeStatus;

  /**
   * The step this signee signs in: the signees of the lowest step with someone still to sign are asked, the others
   * wait (`waiting`). Every signee of a parallel document is in step 1.
   */
  @Column({ type: 'integer', default: 1 })
  step: number;

  /** When this signee's next reminder is due; null when none is (no reminders, all sent, or not yet their turn). */
  @Index()
  @Column({ ...epochMsColumn, name: 'next_reminder_at', nullable: true })
  nextReminderAt: number | null;

  @Column({ type: 'integer', name: 'reminders_sent', default: 0 })
  remindersSent: number;

  @Column({ ...epochMsColumn, name: 'updated_at' })
  updatedAt: number;

  @Column({ ...epochMsColumn, name: 'signed_at', nullable: true })
  signedAt: number | null;

  /** The address the signature or decline came from (the device's request, or the review page's). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 32, name: 'device_id', nullable: true })
  deviceId: string | null;

  /** A UUID naming this signature (spec 2.7 `identification`), printed on the signature page. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  identification: string | null;

  /** Why the signee declined, as they gave it (at most DECLINE_REASON_MAX_LENGTH characters). */
  @Column({ type: 'varchar', length: 500, name: 'decline_reason', nullable: true })
  declineReason: string | null;

  /**
   * The service's receipt: a JWS binding signer, document, file digest, device and the device's own signature; or, for
   * a signee who approved with their EU wallet, the wallet's key binding JWT and the transaction data it bound.
   */
  @Column({ type: 'text', nullable: true })
  signature: string | null;

  /**
   * The wallet signing flow of this signee's latest EU wallet request (docs/documents.md): its approval, once the
   * wallet's presentation is checked, is this signee's signature. Indexed: each wallet approval looks its signee up.
   */
  @Index('IDX_document_signees_wallet_flow_id')
  @Column({ type: 'varchar', length: 64, name: 'wallet_flow_id', nullable: true })
  walletFlowId: string | null;
}
