import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A wallet's request to erase what it released through one flow (CIR 2024/2982 Article 6), kept as the record that it
 * was received and carried out: which flow and app, which claims went and when, never their values nor the wallet's
 * key. It outlives the flow, so the relying party can show what it erased and when.
 */
@Entity({ name: 'wallet_erasures' })
export class WalletErasure {
  /** `era_...`, the id the wallet and the app's webhook are told. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  /** One erasure per flow: a repeated request answers the first one's record. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  @Column({ type: 'varchar', length: 32, name: 'app_id' })
  appId: string;

  /** The catalog claims the flow had released, by name. */
  @Column({ type: 'simple-json' })
  claims: string[];

  /** The request's own id (its `jti`), as the wallet logs it. */
  @Column({ type: 'varchar', length: 128, name: 'request_id' })
  requestId: string;

  @Column({ ...epochMsColumn, name: 'received_at' })
  receivedAt: number;
}
