import type { FlowChangedEvent } from '../events/flow-changed.event';
import type { FlowKind } from '../flow-kind';
import type { ObservedViews } from '../flow-view';
import type { Flow } from '../flow.entity';
import type { Consent } from './consent';
import type { FlowHolder } from './flow-holder';
import type { HolderFlowView, InboxEntry } from './holder-flow-view';

/**
 * What a kind of flow supplies to the engine and to the holder side, registered with the FlowKindRegistry by the
 * module that owns the kind. The Wallet API and the sandbox simulator act on every flow through these, so neither
 * knows which kinds exist.
 */
export interface FlowKindPlugin<K extends FlowKind = FlowKind> {
  /** The flow as observers see it: ping, cancel, SSE, polling and the event bus. */
  present(flow: Flow): Promise<ObservedViews[K]>;
  /**
   * The view without personal data (NINs masked, no emails or IP addresses), for an observer who gave the API key alone;
   * the flow's fields when absent.
   */
  withoutPersonalData?(view: ObservedViews[K]): ObservedViews[K];
  /** Whose devices hear of a change to the flow; the NIN the flow is addressed to when absent. */
  holderNins?(view: ObservedViews[K]): string[];
  /**
   * Whether a flow just created is news to its holders' devices (their streams and push notices): a pushed flow is,
   * a same-device one waits for the device that opens it. Every new flow with holders is, when absent.
   */
  announcesCreation?(flow: Flow): boolean;

  /** Open flows of this kind waiting for this holder. */
  inbox(holder: FlowHolder): Promise<InboxEntry[]>;
  /** Takes hold of a flow found by a same-device link code or a wildcard seed. */
  pickUp(holder: FlowHolder, flow: Flow): Promise<HolderFlowView>;
  /** Accepts a flow pushed to the holder's NIN. */
  accept(holder: FlowHolder, flow: Flow): Promise<HolderFlowView>;
  /** Shows the flow to the holder (a document signee reading it is marked `viewed`). */
  read(holder: FlowHolder, flow: Flow): Promise<HolderFlowView>;
  /** Refuses, before anything changes, a consent this kind cannot take for this flow. */
  checkConsent?(flow: Flow, consent: Consent): void;
  approve(holder: FlowHolder, flow: Flow, consent: Consent, ip: string): Promise<HolderFlowView>;
  /** `reason`: why, in the holder's words, where the kind keeps it (a document signee's decline). */
  decline(holder: FlowHolder, flow: Flow, ip: string, reason?: string): Promise<HolderFlowView>;
  /** A change published on the flow event bus as this holder's device sees it, or null when it is not theirs. */
  viewOfChange(event: FlowChangedEvent<K>, holder: FlowHolder): Promise<HolderFlowView | null>;

  /**
   * Asks the holder with this NIN to act, as a hosted page would (a review signee is pushed the document only then).
   * Absent when every holder the flow is for was asked at creation.
   */
  summon?(flow: Flow, nin: string): Promise<void>;
  /** Why the holder who acts must be named (a document has several signees); absent when the flow's target will do. */
  namedHolderReason?: string;

  /** Completed flows of this kind outlive FLOW_RETENTION_DAYS (a completed document is what `/verify` vouches for). */
  keepsCompleted?: boolean;
  /** Deletes what the kind keeps beside these ended flows, in the unit of work that deletes them. */
  purge?(flowIds: string[]): Promise<void>;
}
