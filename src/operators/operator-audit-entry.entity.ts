import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * One change made by whoever runs the deployment: who (`admin-token`, `cli` or an operator's id), what (the admin
 * route or CLI command, and the ids it named) and when, with how it ended. Request bodies are never kept: they may
 * carry secrets.
 */
@Entity({ name: 'operator_audit' })
export class OperatorAuditEntry {
  /** Its time first, so that the ids sort as the entries were made and serve as the listing's cursor. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ ...epochMsColumn })
  at: number;

  @Column({ type: 'varchar', length: 64 })
  actor: string;

  @Column({ type: 'varchar', length: 200 })
  action: string;

  /** The ids the change named (route parameters, or the command's options that name things). */
  @Column({ type: 'simple-json' })
  target: Record<string, string>;

  /** The HTTP status of the answer, or the status of the error a CLI command failed with (200 when it succeeded). */
  @Column({ type: 'integer' })
  status: number;
}
