import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

export type FlowCodeKind = 'link' | 'seed' | 'qr';

/**
 * A one-time code that lets a device pick a flow up: the code of a same-device link or a wildcard seed, or the start
 * token of its animated QR code. Only its SHA-256 is kept, so a database reader cannot hijack open flows.
 */
@Entity({ name: 'flow_codes' })
export class FlowCode {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'code_digest' })
  codeDigest: string;

  @Index()
  @Column({ type: 'varchar', length: 32, name: 'flow_id' })
  flowId: string;

  @Column({ type: 'varchar', length: 8 })
  kind: FlowCodeKind;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  /** A QR start token's secret, sealed: the key of every frame's code. */
  @Column({ type: 'text', nullable: true })
  secret: string | null;
}
