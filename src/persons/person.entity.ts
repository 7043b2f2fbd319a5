import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { Environment } from '../tenants/environment';
import type { ClaimValues } from './claim-values';

/** A holder known by NIN in one environment, with the claim values their digital ID can release. */
@Entity({ name: 'persons' })
export class Person {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  environment: Environment;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  nin: string;

  @Column({ type: 'varchar', length: 200, name: 'display_name' })
  displayName: string;

  /** Claim values nested by group then name, as spec 2.8 returns them. */
  @Column({ type: 'simple-json' })
  claims: ClaimValues;

  /** Synthetic sandbox people made by `sandbox:bootstrap`; only they get a virtual device. */
  @Column({ type: 'boolean', default: false })
  synthetic: boolean;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
