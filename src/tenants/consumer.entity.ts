import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/** An organisation that integrates idflow; it owns apps. */
@Entity({ name: 'consumers' })
export class Consumer {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /**
   * Whether its live calls use the monthly allowance and the balance: not those of idflow's own console, whose
   * operators run the service rather than consume it.
   */
  @Column({ type: 'boolean', default: true })
  billed: boolean;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
