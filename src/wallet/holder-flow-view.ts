import type { SigneeStatus } from '../documents/signee-status';
import type { FlowKind, StartMode } from '../flows/flow-kind';
import type { FlowStatus } from '../flows/flow-state';
import { SigningChallenge, challengeFor } from '../signatures/signing-challenge';

/** A flow as the holder's device sees it: enough to ask for consent, nothing about other holders. */
export interface HolderFlowView {
  id: string;
  mode: FlowKind;
  startMode: StartMode;
  action: string;
  /** The name of the app that asks. */
  app: string;
  payload: string;
  requestedClaims: string[];
  status: FlowStatus;
  /** True when this device holds the flow. */
  held: boolean;
  /** Unix seconds. */
  exp: number;
  /**
   * Signing and document flows: what the device signs to approve (a JWS over `{ flow, payload_sha256, iat }`); for a
   * document, `payload_sha256` is the SHA-256 of the PDF itself.
   */
  challenge?: SigningChallenge;
  /** Document flows: the file to show before signing, and where this holder stands. */
  document?: HolderDocumentView;
}

export interface HolderDocumentView {
  name: string;
  /** Where the device downloads the PDF to show it. */
  url: string;
  sha256: string;
  pages: number;
  /** This holder's own status as a signee. */
  signeeStatus: SigneeStatus;
}

/** Adds what only some kinds of flow carry, such as the signing challenge. */
export function holderFlowView(fields: Omit<HolderFlowView, 'challenge' | 'document'>): HolderFlowView {
  return fields.mode === 'signing' ? { ...fields, challenge: challengeFor(fields.id, fields.payload) } : fields;
}
