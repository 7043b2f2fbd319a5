import type { SigneeStatus, SigneeType } from '../documents/signee-status';
import type { ObservedFlowStatus } from '../flows/flow-state';

/** A signee as the hosted review page shows them: no e-mail, and only the end of the NIN. */
export interface ReviewSigneeState {
  /** The signee's index in the document's list: how the page's actions name them. */
  position: number;
  name: string;
  type: SigneeType;
  representing: string;
  title?: string;
  /** Masked: `*******0001`. */
  nin: string;
  status: SigneeStatus;
  /** The status in words, as the page prints it. */
  statusLabel: string;
  /** True while this signee may still confirm, sign or decline. */
  open: boolean;
  /** True when the sandbox test device may sign for them: a sandbox app's synthetic test person with a digital ID. */
  sandboxDevice: boolean;
  /** Unix seconds, once signed. */
  signedAt?: number;
}

/** A review document as its hosted page shows it and follows it (`GET /review/:docId/state` and `/events`). */
export interface ReviewState {
  id: string;
  title: string;
  /** The name of the app that asks for the signatures. */
  app: string;
  status: ObservedFlowStatus;
  /** True until the document is completed, rejected, cancelled or expired. */
  open: boolean;
  /** Where the document stands, in a sentence. */
  summary: string;
  /** Unix seconds. */
  exp: number;
  file: {
    /** The original PDF. */
    url: string;
    pages: number;
    /** The stamped PDF, once every signee has signed. */
    stamped?: string;
  };
  signees: ReviewSigneeState[];
}
