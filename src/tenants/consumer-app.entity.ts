import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import { Consumer } from './consumer.entity';
import type { Environment } from './environment';
import { DEFAULT_CIBA_DELIVERY_MODE, type CibaDeliveryMode } from './ciba-delivery';
import { DEFAULT_OIDC_PROFILE, type OidcProfile } from './oidc-profile';
import { DEFAULT_ID_TOKEN_SIGNING_ALG, type IdTokenSigningAlg } from './id-token-signing-alg';
import type { Scope } from './scopes';

/** One application of a consumer: an environment, scopes, an app secret, a claims key and a webhook secret. */
@Entity({ name: 'apps' })
export class ConsumerApp {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Index()
  @Column({ type: 'varchar', length: 32, name: 'consumer_id' })
  consumerId: string;

  @ManyToOne(() => Consumer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer?: Consumer;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  @Column({ type: 'simple-array' })
  scopes: Scope[];

  /** SHA-256 of the `snb_` app secret; the secret itself is shown once and never stored. */
  @Column({ type: 'varchar', length: 64, name: 'secret_digest' })
  secretDigest: string;

  /** RSA public key (SPKI PEM) that claim values are encrypted for. */
  @Column({ type: 'text', name: 'public_key_pem' })
  publicKeyPem: string;

  /** Standard Webhooks signing secret, sealed (key-encryption): the service signs with it, so it cannot be a digest. */
  @Column({ type: 'text', name: 'webhook_secret' })
  webhookSecret: string;

  /** Where the OpenID provider may send a browser back after login or logout, compared exactly. */
  @Column({ type: 'simple-json', name: 'redirect_uris', default: '[]' })
  redirectUris: string[];

  /** A public OpenID client (a single-page or mobile app) proves itself by PKCE alone, with no secret or key. */
  @Column({ type: 'boolean', name: 'public_client', default: false })
  publicClient: boolean;

  /** The algorithm the OpenID provider signs this app's ID tokens with. */
  @Column({ type: 'varchar', length: 16, name: 'id_token_signing_alg', default: DEFAULT_ID_TOKEN_SIGNING_ALG })
  idTokenSigningAlg: IdTokenSigningAlg;

  /** How strictly the app's OpenID logins are held: basic, or the FAPI 2.0 Security Profile. */
  @Column({ type: 'varchar', length: 8, name: 'oidc_profile', default: DEFAULT_OIDC_PROFILE })
  oidcProfile: OidcProfile;

  /** Whether the app may start CIBA logins, and how it hears their outcome. */
  @Column({ type: 'varchar', length: 8, name: 'ciba_delivery_mode', default: DEFAULT_CIBA_DELIVERY_MODE })
  cibaDeliveryMode: CibaDeliveryMode;

  /** Where a CIBA login in ping mode notifies the app that its tokens are ready. */
  @Column({ type: 'varchar', length: 2048, name: 'ciba_notification_endpoint', nullable: true })
  cibaNotificationEndpoint: string | null;

  /** Where the OpenID provider posts a logout token when a person logs out (OpenID Connect Back-Channel Logout 1.0). */
  @Column({ type: 'varchar', length: 2048, name: 'backchannel_logout_uri', nullable: true })
  backchannelLogoutUri: string | null;

  /** Where the app publishes its keys for `private_key_jwt`, in place of its registered RSA key; fetched and cached. */
  @Column({ type: 'varchar', length: 2048, name: 'jwks_uri', nullable: true })
  jwksUri: string | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Column({ ...epochMsColumn, name: 'secret_rotated_at' })
  secretRotatedAt: number;
}
