import type { Principal } from '../auth/principal';
import type { FlowKind, StartMode } from './flow-kind';
import type { Flow } from './flow.entity';
import type { QrStart } from './qr-frame';
import type { VerificationMode } from './verification-mode';

/** What a kind's module asks FlowsService to create. */
export interface NewFlow {
  kind: FlowKind;
  /** The kind's own id shape, where it has one (documents: `doc_`); `req_` otherwise. */
  id?: string;
  startMode: StartMode;
  action: string;
  principal: Principal;
  payload: string;
  requestedClaims: string[];
  targetNin?: string;
  ip: string;
  userAgent: string;
  /** Signing `sign` flows: where to report the outcome. */
  webhook?: { url: string; reference: string };
  /** Wildcard: how many single-use seeds to make. */
  seeds?: number;
  /** Different-device: `choice` when the person must pick the verification code out of three. */
  verification?: VerificationMode;
  /** Overrides FLOW_TTL_SECONDS (documents live for DOCUMENT_TTL_SECONDS). */
  ttlSeconds?: number;
  /** Wallet: the app's registered intended use the request is made under. */
  intendedUse?: string;
}

/** A flow just created, and what its start mode hands the caller. */
export interface CreatedFlow {
  flow: Flow;
  /** Same-device: `{OPEN_URL}/open/<code>`, the page that hands the flow to the app on this device. */
  link?: string;
  /** Wildcard: `idflow://flow?seed=<seed>` URIs to show as QR codes; the first one scanned wins. */
  seeds?: string[];
  /** Wildcard and same-device: the start token and secret of the animated QR code. */
  qr?: QrStart;
  /** Pushed (different-device): the four digits the person's app shows too. */
  verificationCode?: string;
}

/** The row of a new flow as asked for: pending, held by nobody, with the id, origin stamp and times FlowsService gave it. */
export function flowRowOf(
  input: NewFlow,
  { id, stamp, createdAt, expiresAt }: Pick<Flow, 'id' | 'stamp' | 'createdAt' | 'expiresAt'>,
): Flow {
  const { principal } = input;
  return {
    id,
    kind: input.kind,
    startMode: input.startMode,
    action: input.action,
    status: 'pending',
    consumerId: principal.consumer.id,
    appId: principal.app.id,
    appName: principal.app.name,
    environment: principal.app.environment,
    payload: input.payload,
    requestedClaims: input.requestedClaims,
    targetNin: input.targetNin ?? null,
    deviceId: null,
    endReason: null,
    holderNin: null,
    ip: input.ip,
    userAgent: input.userAgent,
    stamp,
    claims: null,
    webhookUrl: input.webhook?.url ?? null,
    webhookReference: input.webhook?.reference ?? null,
    signature: null,
    signedAt: null,
    createdAt,
    expiresAt,
    updatedAt: createdAt,
    seenAt: null,
    viewedAt: null,
    verification: input.startMode === 'different-device' && input.verification === 'choice' ? 'choice' : null,
    intendedUse: input.intendedUse ?? null,
  };
}
