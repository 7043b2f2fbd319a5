import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How much of its free monthly allowance a consumer has used in one calendar month (UTC). */
@Entity({ name: 'billing_allowances' })
export class AllowanceUsage {
  @PrimaryColumn({ type: 'varchar', length: 32, name: 'consumer_id' })
  consumerId: string;

  /** `YYYY-MM` */
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month: string;

  /** Billable live calls counted against the allowance; raised only while below it. */
  @Column({ type: 'integer' })
  used: number;
}
