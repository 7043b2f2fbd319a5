import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/** An organisation that integrates idflow; it owns apps. */
@Entity({ name: 'consumers' })
export class Consumer {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
