import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A certificate idflow made for itself, once, with its private key sealed under the key-encryption key: the sandbox
 * verifier certificate, and the sandbox PID issuer's CA. The first instance to need one inserts it; the others read it.
 */
@Entity({ name: 'eudi_certificates' })
export class EudiCertificate {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  slot: string;

  @Column({ type: 'text', name: 'certificate_pem' })
  certificatePem: string;

  /** PKCS#8 DER, base64, sealed. */
  @Column({ type: 'text', name: 'private_key' })
  privateKey: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
