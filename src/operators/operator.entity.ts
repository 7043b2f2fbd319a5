import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { OperatorRole } from './operator-role';

/** A person with a digital ID who runs this deployment, known by NIN, and the role they hold. */
@Entity({ name: 'operators' })
export class Operator {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  /** One operator per person. */
  @Index('UQ_operators_nin', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  nin: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  role: OperatorRole;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
