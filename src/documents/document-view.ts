import type { ObservedFlowStatus } from '../flows/flow-state';
import type { SigneeStatus, SigneeType } from './signee-status';
import type { DocumentSignature } from './document-signature';

/** A signee as integrators see it (spec 2.7); `signedAt` and `ip` once they have signed. */
export interface SigneeView {
  name: string;
  type: SigneeType;
  email: string;
  nin: string;
  representing: string;
  title?: string;
  signedAt?: number;
  ip?: string;
}

/** One signer's signature (spec 2.7): `signature` is the service's receipt, a JWS verifiable with the JWKS. */
export interface SignatureRecord {
  nin: string;
  name: string;
  representing: string;
  iat: number;
  identification: string;
  signature: string;
}

export interface StatusLogEntry {
  nin: string;
  status: SigneeStatus;
  lut: number;
  /** Why the signee declined, when they said. */
  reason?: string;
}

/** The document object of spec 2.6, plus `status` and `cancelled` as every observer of a flow gets them. */
export interface DocumentView {
  id: string;
  to: string[];
  destination: string;
  handled: boolean;
  iat: number;
  exp: number;
  lut: number;
  domain: string;
  mode: 'signing' | 'interface';
  file: { source: string; name: string; sha256: string; pages: number; stamped?: string };
  hook: { host: string; reference: string };
  signee: SigneeView[];
  statusLog: StatusLogEntry[];
  signatures: SignatureRecord[];
  request: { client: string; app: string; ip: string };
  status: ObservedFlowStatus;
  /** True for every unsuccessful end (rejected, cancelled, expired), so existing pollers stop. */
  cancelled: boolean;
  /** Only on a document signed by each signee (`advanced`): a sealed one keeps the shape it always had. */
  signature?: DocumentSignature;
  /** While the signed copy is due: why its last attempt failed. */
  pendingReason?: string;
}

declare module '../flows/flow-view' {
  /** Observers of a document flow see the document object. */
  interface ObservedViews {
    document: DocumentView;
  }
}
