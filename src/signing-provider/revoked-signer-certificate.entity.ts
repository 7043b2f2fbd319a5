import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A signer's certificate the sandbox signing CA revoked, kept for its CRL and OCSP answers and for /verify. The
 * credential it certified is gone: the person's next signature enrols a new key and certificate.
 */
@Entity({ name: 'revoked_signer_certificates' })
export class RevokedSignerCertificate {
  /** The serial number, hex, as DER writes it. */
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'serial_hex' })
  serialHex: string;

  /** The test person it certified. */
  @Column({ type: 'varchar', length: 32 })
  nin: string;

  @Column({ type: 'text', name: 'certificate_pem' })
  certificatePem: string;

  @Column({ ...epochMsColumn, name: 'revoked_at' })
  revokedAt: number;
}
