import type { EncryptedClaims } from './decrypt-claims';

/** The id of an identification or signing flow. */
export type RequestId = `req_${string}`;
/** The id of a document flow. */
export type DocumentId = `doc_${string}`;

/**
 * Identification and signing: pending -> active (a device holds it) -> completed | rejected | cancelled | expired.
 * Documents: pending -> in_progress (a signee has signed) -> completed | rejected | cancelled | expired.
 */
export type FlowStatus = 'pending' | 'active' | 'in_progress' | 'completed' | 'rejected' | 'cancelled' | 'expired';

/** Where a flow stands, in words to show the person: README's table gives the message for each. */
export type FlowHint =
  | 'outstandingTransaction'
  | 'noClient'
  | 'started'
  | 'userSign'
  | 'completed'
  | 'userCancel'
  | 'cancelled'
  | 'deviceRevoked'
  | 'expiredTransaction';

const TERMINAL: readonly FlowStatus[] = ['completed', 'rejected', 'cancelled', 'expired'];

/** True once a flow can change no more: completed, or ended without success. */
export function isTerminal(status: FlowStatus): boolean {
  return TERMINAL.includes(status);
}

/** An identification or signing flow as ping, cancel, polling and SSE show it (`data.request`). */
export interface FlowView {
  id: RequestId;
  consumer: string;
  app: string;
  name: string;
  /** The target NIN (different-device), the identified NIN once completed, otherwise ''; masked on SSE without the secret. */
  user: string;
  mode: 'identification' | 'signing';
  startMode: 'same-device' | 'different-device' | 'wildcard' | 'wallet';
  /** A wallet flow that ended rejected: why its wallet refused. */
  reason?: string;
  /** A wallet flow (identification or signing): the app's registered intended use it was created under. */
  intendedUse?: string;
  action: string;
  payload: string;
  acquireClaims: string[];
  iat: number;
  exp: number;
  /** Last change, Unix seconds. */
  lut: number;
  ip: string;
  useragent: string;
  status: FlowStatus;
  /** True once a device holds the flow. */
  onsession: boolean;
  /** True for every unsuccessful end (rejected, cancelled, expired). */
  cancelled: boolean;
  hint: FlowHint;
  /** The origin stamp (the create answer's `request.signature`). */
  stamp: string;
  /** Completed signing: the service's receipt, checked with `verifySignature(signature, payload, jwks)`. */
  signature?: string;
  /** Completed signing: Unix seconds. */
  signedAt?: number;
  /** Completed identification: each value a JWE for the app's RSA key; `decryptClaims` opens them. */
  claims?: EncryptedClaims;
  /** Completed identification: a stable pseudonymous id of the person within this app. */
  subject?: string;
}

/** The request object of spec 2.2, as identification and signing creates return it (`data.request`). */
export type FlowRequest = Pick<
  FlowView,
  | 'id'
  | 'consumer'
  | 'app'
  | 'name'
  | 'user'
  | 'mode'
  | 'action'
  | 'iat'
  | 'exp'
  | 'acquireClaims'
  | 'ip'
  | 'useragent'
  | 'payload'
> & {
  /** A JWT by the service key vouching for the flow's origin. */
  signature: string;
};
