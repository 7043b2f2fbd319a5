import type { SigningChallenge } from '../../signatures/signing-challenge';
import type { FlowKind, StartMode } from '../flow-kind';
import type { ObservedFlowStatus } from '../flow-state';

/**
 * A flow as the holder's device sees it: enough to ask for consent, nothing about other holders. A kind may add its
 * own fields (a document adds the file to show).
 */
export interface HolderFlowView {
  id: string;
  mode: FlowKind;
  startMode: StartMode;
  action: string;
  /** The name of the app that asks. */
  app: string;
  payload: string;
  requestedClaims: string[];
  status: ObservedFlowStatus;
  /** True when this device holds the flow. */
  held: boolean;
  /** Unix seconds. */
  exp: number;
  /** Pushed flows: four digits to show beside the request; the integrator shows the same ones (`verificationCode`). */
  verificationCode?: string;
  /**
   * Pushed flows created with `verification: 'choice'`: three codes, one of them on the integrator's screen; the person
   * picks it and the app sends it as the approval's `verificationCode` (a wrong one declines the flow).
   */
  verificationChoices?: string[];
  /**
   * Signing and document flows: what the device signs to approve (a JWS over `{ flow, payload_sha256, iat }`); for a
   * document, `payload_sha256` is the SHA-256 of the PDF itself.
   */
  challenge?: SigningChallenge;
}

/** An entry of a holder's inbox: its view, and when the flow was made, to order the inbox across kinds. */
export interface InboxEntry {
  createdAt: number;
  view: HolderFlowView;
}
