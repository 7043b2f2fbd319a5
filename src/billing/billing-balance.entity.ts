import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import { minorUnitsColumn } from './minor-units';

/** A consumer's prepaid balance, topped up by the operator and charged by live billable calls beyond the allowance. */
@Entity({ name: 'billing_balances' })
export class BillingBalance {
  @PrimaryColumn({ type: 'varchar', length: 32, name: 'consumer_id' })
  consumerId: string;

  /** Minor units; changed only by conditional `UPDATE`s, so it never goes below zero. */
  @Column({ ...minorUnitsColumn })
  balance: number;

  @Column({ ...epochMsColumn, name: 'updated_at' })
  updatedAt: number;
}
