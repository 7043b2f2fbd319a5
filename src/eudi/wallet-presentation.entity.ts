import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * What the verifier asked a wallet for one flow: the signed request object served at its `request_uri`, the fresh
 * nonce and state, the private key the wallet encrypts its response to (sealed), and the page origin of its Digital
 * Credentials API request if one was made. The wallet's own refusal (its error response) keeps its reason here.
 */
@Entity({ name: 'wallet_presentations' })
export class WalletPresentation {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'flow_id' })
  flowId: string;

  /** Indexed: an erasure request names the presentation by the nonce its key binding signed. */
  @Index()
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

  /** The integrator's page origin, when the create asked for a Digital Credentials API request too. */
  @Column({ type: 'varchar', length: 300, nullable: true, name: 'dc_api_origin' })
  dcApiOrigin: string | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
