import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { Environment } from '../tenants/environment';
import type { DeviceAlgorithm } from './device-algorithm';

/** A holder's digital-ID app on one phone: registered to one NIN, known by its public key. */
@Entity({ name: 'devices' })
export class Device {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Index()
  @Column({ type: 'varchar', length: 32 })
  nin: string;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  @Column({ type: 'varchar', length: 8 })
  alg: DeviceAlgorithm;

  @Column({ type: 'text', name: 'public_jwk' })
  publicJwk: string;

  /** RFC 7638 thumbprint of the public key: one key enrolls one device. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  thumbprint: string;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  /**
   * Set only for the built-in virtual device of a synthetic sandbox person: the simulator signs with it through the
   * same code path as a phone. Real devices never hand their private key to the service.
   */
  @Column({ type: 'text', name: 'virtual_private_jwk', nullable: true })
  virtualPrivateJwk: string | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Column({ ...epochMsColumn, name: 'revoked_at', nullable: true })
  revokedAt: number | null;
}
