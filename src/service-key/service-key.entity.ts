import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * The service's own signing key, kept in the database so that every instance signs with, and publishes, the same key.
 * `slot` names the role; the first instance to start inserts the row and the others read it.
 */
@Entity({ name: 'service_keys' })
export class ServiceKey {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  slot: string;

  @Column({ type: 'varchar', length: 64 })
  kid: string;

  @Column({ type: 'varchar', length: 16 })
  alg: string;

  @Column({ type: 'text', name: 'private_jwk' })
  privateJwk: string;

  @Column({ type: 'text', name: 'public_jwk' })
  publicJwk: string;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
