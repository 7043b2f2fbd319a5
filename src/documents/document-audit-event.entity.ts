import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { AuditEventType } from './audit-event-type';

/**
 * One entry of a document's append-only audit trail: rows are inserted, never updated; the increasing id is the
 * order. NINs are kept masked: the trail is handed to third parties (a court, an auditor).
 */
@Entity({ name: 'document_audit_events' })
@Index(['flowId', 'id'])
export class DocumentAuditEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  @Column({ type: 'varchar', length: 16 })
  type: AuditEventType;

  @Column({ ...epochMsColumn })
  at: number;

  /** The signee's NIN, masked (`*******0001`); none for events of the document itself. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  nin: string | null;

  @Column({ type: 'varchar', length: 32, name: 'device_id', nullable: true })
  deviceId: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  /** SHA-256 (hex) of the document at that moment: the original until the stamped copy exists, then that copy. */
  @Column({ type: 'varchar', length: 64 })
  digest: string;

  /** A decline's reason, as the signee gave it. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;
}
