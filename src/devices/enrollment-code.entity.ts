import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { Environment } from '../tenants/environment';

/** A one-time code the operator hands a holder to enroll a device for their NIN; only its digest is kept. */
@Entity({ name: 'enrollment_codes' })
export class EnrollmentCode {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'code_digest' })
  codeDigest: string;

  @Column({ type: 'varchar', length: 32 })
  nin: string;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;

  @Column({ ...epochMsColumn, name: 'used_at', nullable: true })
  usedAt: number | null;
}
