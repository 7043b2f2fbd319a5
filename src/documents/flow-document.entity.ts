import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { DocumentSignature } from './document-signature';
import type { DocumentDelivery, SigningOrder } from './signee-status';

/** The file of a document flow: where it came from, where the original and the stamped copy are kept, and digests. */
@Entity({ name: 'documents' })
export class FlowDocument {
  /** The document flow's id (`doc_...`), shared with its row in `flows`. */
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  /** Stored in the `mode` column, the spec's word. */
  @Column({ type: 'varchar', length: 16, name: 'mode' })
  delivery: DocumentDelivery;

  /** The URL the caller gave (`file.source`). */
  @Column({ type: 'varchar', length: 2048, name: 'file_source' })
  fileSource: string;

  /** The caller's display title (`file.name`). */
  @Column({ type: 'varchar', length: 200, name: 'file_name' })
  fileName: string;

  /** Storage key of the original as downloaded. */
  @Column({ type: 'varchar', length: 80, name: 'file_key' })
  fileKey: string;

  /** SHA-256 (hex) of the original: what every signee signs. */
  @Column({ type: 'varchar', length: 64, name: 'file_sha256' })
  fileSha256: string;

  @Column({ type: 'integer', name: 'file_size' })
  fileSize: number;

  @Column({ type: 'integer', name: 'page_count' })
  pageCount: number;

  /** Whether the signees sign all at once or step by step (each signee's `step`). */
  @Column({ type: 'varchar', length: 16, name: 'signing_order', default: 'parallel' })
  signingOrder: SigningOrder;

  @Column({ type: 'varchar', length: 16, default: 'seal' })
  signature: DocumentSignature;

  /** Reminders (none when null): the first this long after a signee is asked, then every `reminderEverySeconds`. */
  @Column({ type: 'integer', name: 'reminder_first_seconds', nullable: true })
  reminderFirstSeconds: number | null;

  @Column({ type: 'integer', name: 'reminder_every_seconds', nullable: true })
  reminderEverySeconds: number | null;

  /** How many reminders each signee gets at most. */
  @Column({ type: 'integer', name: 'reminder_max', nullable: true })
  reminderMax: number | null;

  /** When `document.expiring` is due; cleared by the instance that claims it, so it goes out once. */
  @Index()
  @Column({ ...epochMsColumn, name: 'expiry_warning_at', nullable: true })
  expiryWarningAt: number | null;

  /**
   * When the stamped PDF's latest document timestamp is to be renewed (B-LTA): ARCHIVE_RENEWAL_DAYS before its
   * certificate expires. Moved on by the instance that claims the renewal while it renews, so it is made once.
   */
  @Index()
  @Column({ ...epochMsColumn, name: 'archive_renewal_at', nullable: true })
  archiveRenewalAt: number | null;

  /**
   * When the stamped copy is next to be made (DocumentSealing): set by the last signature, moved on by the instance
   * that claims the work for as long as it may take (its lease) and by each failure to the next retry; null once the
   * copy is stored, or once the seal is given up (the reason in `sealError` and the audit trail).
   */
  @Index()
  @Column({ ...epochMsColumn, name: 'seal_due_at', nullable: true })
  sealDueAt: number | null;

  /** Attempts at the seal so far, the one under way included: it decides the wait before the next. */
  @Column({ type: 'integer', name: 'seal_attempts', default: 0 })
  sealAttempts: number;

  /** Why the last attempt at the seal failed; null once it succeeds. */
  @Column({ type: 'text', name: 'seal_error', nullable: true })
  sealError: string | null;

  /** Storage key of the stamped PDF, once it is made after the last signature. */
  @Column({ type: 'varchar', length: 80, name: 'stamped_key', nullable: true })
  stampedKey: string | null;

  /** SHA-256 (hex) of the stamped PDF: how `/verify` recognises a file we issued, byte for byte. */
  @Index()
  @Column({ type: 'varchar', length: 64, name: 'stamped_sha256', nullable: true })
  stampedSha256: string | null;
}
