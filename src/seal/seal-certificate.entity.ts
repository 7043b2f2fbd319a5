import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * The sandbox seal: the certificate documents are sealed with, its CA, and both private keys (sealed under the
 * key-encryption key). One row per slot; the first instance to need it inserts it and the others read it.
 */
@Entity({ name: 'seal_certificates' })
export class SealCertificate {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  slot: string;

  @Column({ type: 'text', name: 'certificate_pem' })
  certificatePem: string;

  @Column({ type: 'text', name: 'ca_pem' })
  caPem: string;

  @Column({ type: 'text', name: 'private_key' })
  privateKey: string;

  /** The CA's key, sealed: it signs the CA's CRL and OCSP answers. Null for a seal made before it was kept. */
  @Column({ type: 'text', name: 'ca_private_key', nullable: true })
  caPrivateKey: string | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
