import type { FlowHint } from './flow-hint';
import type { ClaimValues } from '../persons/claim-values';
import type { FlowKind, StartMode } from './flow-kind';
import type { ObservedFlowStatus } from './flow-state';

/** A flow as pollers see it (`data.request` of ping, cancel, polling and SSE; DESIGN section 5). */
export interface FlowView {
  id: string;
  /** Masked consumer id. */
  consumer: string;
  /** Masked app id. */
  app: string;
  name: string;
  /** The target NIN (different-device), the identified NIN once completed, otherwise ''. */
  user: string;
  mode: FlowKind;
  startMode: StartMode;
  action: string;
  payload: string;
  acquireClaims: string[];
  iat: number;
  exp: number;
  lut: number;
  ip: string;
  useragent: string;
  status: ObservedFlowStatus;
  /** True once a device holds the flow. */
  onsession: boolean;
  /** True for every unsuccessful end (cancelled, rejected, expired), so existing pollers stop. */
  cancelled: boolean;
  /** Where the flow stands, in words an integrator can show: see FLOW_HINTS. */
  hint: FlowHint;
  /** The origin stamp (the creation response's `signature`). */
  stamp: string;
  /** Completed signing: the service's receipt, a JWS verifiable with `/.well-known/jwks.json`. */
  signature?: string;
  /** Completed signing: when the holder signed, Unix seconds. */
  signedAt?: number;
  /** Completed identification: each value a JWE for the app's RSA key. */
  claims?: ClaimValues;
  /** Completed identification: a stable pseudonymous id of the holder within this app. */
  subject?: string;
  /** A wallet flow that ended rejected: why its wallet refused. */
  reason?: string;
  /** A wallet flow (identification or signing): the app's registered intended use it was created under. */
  intendedUse?: string;
}

/** The request object of spec 2.2, as create responses return it. */
export type FlowRequestObject = Pick<
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
  /** JWT by the service key vouching for the flow's origin; verify it with `/.well-known/jwks.json`. */
  signature: string;
};

/**
 * How observers see each kind of flow. A kind with its own presentation adds its entry to this interface from its own
 * module (documents do, with the document object), so the engine names no kind above it.
 */
export interface ObservedViews {
  identification: FlowView;
  signing: FlowView;
}

/** A flow of any kind as observers see it: ping, cancel, polling, SSE and the flow event bus. */
export type ObservedView = ObservedViews[keyof ObservedViews];
