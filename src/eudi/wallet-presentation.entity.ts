import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * What the verifier asked a wallet for one flow: the signed request object served at its `request_uri`, the fresh
 * nonce and state, and the private key the wallet encrypts its response to (sealed). A refused presentation keeps
 * its reason here.
 */
@Entity({ name: 'wallet_presentations' })
export class WalletPresentation {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  @Column({ type: 'varchar', length: 64 })
  nonce: string;

  @Column({ type: 'varchar', length: 64 })
  state: string;

  @Column({ type: 'text', name: 'request_object' })
  requestObject: string;

  /** The private JWK (ECDH-ES, P-256) of this flow's response, as JSON, sealed. */
  @Column({ type: 'text', name: 'response_key' })
  responseKey: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  refusal: string | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
