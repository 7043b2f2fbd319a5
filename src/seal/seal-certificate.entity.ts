import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * The sandbox seal: the certificate documents are sealed with, its CA, and its private key (sealed under the
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

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
