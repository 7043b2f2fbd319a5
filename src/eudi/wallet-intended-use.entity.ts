import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * An intended use an app registered with the operator (eIDAS Article 5b): what its wallet requests may ask for, and
 * the purpose the person's wallet shows. Known by its name within its app.
 */
@Entity({ name: 'wallet_intended_uses' })
export class WalletIntendedUse {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'app_id' })
  appId: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 300 })
  purpose: string;

  /** The credential types (an SD-JWT VC's `vct`, an mdoc's doctype) it may ask for. */
  @Column({ type: 'simple-json' })
  credentials: string[];

  /** The catalog claims it may ask for. */
  @Column({ type: 'simple-json' })
  claims: string[];

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
