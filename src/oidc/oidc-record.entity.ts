import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * One stored object of the OpenID provider (a session, an interaction, a grant, an authorization code, a token...),
 * kept in idflow's own database so that every instance sees it.
 */
@Entity({ name: 'oidc_records' })
export class OidcRecord {
  /**
   * The kind, a colon and the SHA-256 of the provider's id (`AccessToken:<hex>`): different kinds may share an id, and
   * the id of a token, code or session is the credential itself.
   */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  id: string;

  /** The provider's model name: `Session`, `Interaction`, `Grant`, `AuthorizationCode`, `AccessToken`... */
  @Column({ type: 'varchar', length: 48 })
  kind: string;

  /** The provider's payload as JSON, without its `jti` (the id); `consumed` is set in it when a code or token is used. */
  @Column({ type: 'text' })
  payload: string;

  /** When the record stops being valid; null for records the provider keeps without an expiry. */
  @Index()
  @Column({ ...epochMsColumn, name: 'expires_at', nullable: true })
  expiresAt: number | null;

  /** The grant a code or token belongs to, so that revoking the grant revokes them all. */
  @Index()
  @Column({ type: 'varchar', length: 128, name: 'grant_id', nullable: true })
  grantId: string | null;

  /** A session's uid, by which the provider finds it again. */
  @Index()
  @Column({ type: 'varchar', length: 128, nullable: true })
  uid: string | null;

  @Index()
  @Column({ type: 'varchar', length: 64, name: 'user_code', nullable: true })
  userCode: string | null;
}
