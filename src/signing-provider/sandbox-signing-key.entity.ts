import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A key the sandbox signing provider holds, with its certificate: its CA's (id `ca`, no owner), or a signer's, whose
 * id is the CSC credential id and whose owner is the test person's NIN. The private key is sealed under the
 * key-encryption key.
 */
@Entity({ name: 'sandbox_signing_keys' })
export class SandboxSigningKey {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index('UQ_sandbox_signing_keys_nin', { unique: true })
  @Column({ type: 'varchar', length: 32, nullable: true })
  nin: string | null;

  @Column({ type: 'text', name: 'certificate_pem' })
  certificatePem: string;

  /** PKCS#8 DER, base64, sealed; empty (sealed) for a key in the PKCS#11 token, found there by this id. */
  @Column({ type: 'text', name: 'private_key' })
  privateKey: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
