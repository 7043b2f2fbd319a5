import type { DocumentSignature } from './document-signature';
import type { DocumentDelivery, SigneeType, SigningOrder } from './signee-status';

/** A signee as the caller describes them (review), or as we fill in from a bare NIN (signing). */
export interface SigneeInput {
  nin: string;
  name: string;
  type: SigneeType;
  email: string;
  representing: string;
  title?: string;
  /** Sequential signing: the step this signee signs in. */
  order?: number;
}

export interface DocumentRequest {
  delivery: DocumentDelivery;
  /** `signing`: the NINs the file is pushed to. */
  to?: string[];
  /** `review`: the structured signees. */
  signee?: SigneeInput[];
  file: { url: string; title: string };
  webhook: { host: string; reference: string };
  signingOrder?: SigningOrder;
  signature?: DocumentSignature;
  reminders?: { firstAfterSeconds: number; everySeconds: number; max: number };
}
