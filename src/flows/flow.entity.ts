import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';
import type { ClaimValues } from '../persons/claim-values';
import type { Environment } from '../tenants/environment';
import type { FlowKind, StartMode } from './flow-kind';
import type { FlowEndReason, FlowStatus } from './flow-state';

/**
 * An identification, signing or document flow: who asked, what for, and how far it has got. A document flow keeps its
 * file and signees in their own tables (`documents`, `document_signees`) under the same id.
 */
@Entity({ name: 'flows' })
@Index('IDX_flows_status_expires_at', ['status', 'expiresAt'])
export class Flow {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  kind: FlowKind;

  @Column({ type: 'varchar', length: 20, name: 'start_mode' })
  startMode: StartMode;

  @Column({ type: 'varchar', length: 16 })
  action: string;

  @Column({ type: 'varchar', length: 16 })
  status: FlowStatus;

  @Column({ type: 'varchar', length: 32, name: 'consumer_id' })
  consumerId: string;

  @Index()
  @Column({ type: 'varchar', length: 32, name: 'app_id' })
  appId: string;

  /** The app's name when the flow was made, shown to the holder and echoed as `name`. */
  @Column({ type: 'varchar', length: 200, name: 'app_name' })
  appName: string;

  @Column({ type: 'varchar', length: 16 })
  environment: Environment;

  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'simple-json', name: 'requested_claims' })
  requestedClaims: string[];

  /** The NIN a different-device flow is addressed to. */
  @Index()
  @Column({ type: 'varchar', length: 32, name: 'target_nin', nullable: true })
  targetNin: string | null;

  /** The device that holds the flow once one has picked it up; indexed for the flows a revoked device leaves. */
  @Index()
  @Column({ type: 'varchar', length: 32, name: 'device_id', nullable: true })
  deviceId: string | null;

  /** Why the flow ended, where its status alone does not say: `device-revoked` (cancelled). */
  @Column({ type: 'varchar', length: 32, name: 'end_reason', nullable: true })
  endReason: FlowEndReason | null;

  /** The NIN of the holder who approved or declined; indexed for the person's history. */
  @Index()
  @Column({ type: 'varchar', length: 32, name: 'holder_nin', nullable: true })
  holderNin: string | null;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 512, name: 'user_agent' })
  userAgent: string;

  /** JWT by the service key vouching for the flow's origin (spec 2.2 `signature`). */
  @Column({ type: 'text' })
  stamp: string;

  /** Signing `sign` flows: where the outcome is reported, and the caller's correlation id. */
  @Column({ type: 'varchar', length: 2048, name: 'webhook_url', nullable: true })
  webhookUrl: string | null;

  /** Indexed for the operator's flow search by reference. */
  @Index()
  @Column({ type: 'varchar', length: 200, name: 'webhook_reference', nullable: true })
  webhookReference: string | null;

  /** Completed signing: the service's receipt (a JWS over signer, flow, payload digest and device signature). */
  @Column({ type: 'text', nullable: true })
  signature: string | null;

  @Column({ ...epochMsColumn, name: 'signed_at', nullable: true })
  signedAt: number | null;

  /** Released claims, each value a JWE for the app's key, nested by group and name. */
  @Column({ type: 'simple-json', nullable: true })
  claims: ClaimValues | null;

  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;

  @Index()
  @Column({ ...epochMsColumn, name: 'expires_at' })
  expiresAt: number;

  /** When a device of its person first fetched the flow (inbox, device stream, read), for the `noClient` hint. */
  @Column({ ...epochMsColumn, name: 'seen_at', nullable: true })
  seenAt: number | null;

  /**
   * A wallet flow (identification or signing): the app's registered intended use it was created under
   * (docs/eudi-wallet.md).
   */
  @Column({ type: 'varchar', length: 64, name: 'intended_use', nullable: true })
  intendedUse: string | null;

  /** `choice` when the person must pick the verification code out of three; null when the app shows it. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  verification: 'choice' | null;

  /** When a device first showed the flow to its person (read it), for the `userSign` hint. */
  @Column({ ...epochMsColumn, name: 'viewed_at', nullable: true })
  viewedAt: number | null;

  @Index()
  @Column({ ...epochMsColumn, name: 'updated_at' })
  updatedAt: number;
}
