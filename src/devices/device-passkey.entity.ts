import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/** The WebAuthn credential (passkey) a device registered: its approvals then need a fresh user-verified assertion. */
@Entity({ name: 'device_passkeys' })
export class DevicePasskey {
  /** One passkey per device. */
  @PrimaryColumn({ type: 'varchar', length: 32, name: 'device_id' })
  deviceId: string;

  /** Base64url credential id, up to the 1023 bytes WebAuthn allows. */
  @Index('IDX_device_passkeys_credential_id', { unique: true })
  @Column({ type: 'varchar', length: 1400, name: 'credential_id' })
  credentialId: string;

  /** Base64url COSE public key. */
  @Column({ type: 'text', name: 'public_key' })
  publicKey: string;

  /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
  @Column({ type: 'integer', name: 'sign_count' })
  signCount: number;

  /** JSON array of the transports the browser reported, handed back in later assertion options. */
  @Column({ type: 'text' })
  transports: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  /** When an operator revoked it: the device's approvals are refused until it registers a new passkey. */
  @Column({ ...epochMsColumn, name: 'revoked_at', nullable: true })
  revokedAt: number | null;
}
