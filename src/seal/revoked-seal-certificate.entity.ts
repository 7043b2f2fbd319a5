import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A sandbox seal certificate the seal CA revoked, kept for its CRL and OCSP answers and for /verify, which trusts a
 * seal by it only at a time a timestamp proves to be before the revocation.
 */
@Entity({ name: 'revoked_seal_certificates' })
export class RevokedSealCertificate {
  /** The serial number, hex, as DER writes it. */
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'serial_hex' })
  serialHex: string;

  @Column({ type: 'text', name: 'certificate_pem' })
  certificatePem: string;

  @Column({ ...epochMsColumn, name: 'revoked_at' })
  revokedAt: number;
}
