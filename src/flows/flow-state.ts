/**
 * The one place that says which move of a flow is legal (DESIGN section 5). Every move is applied as a compare-and-set
 * on the flow's current status, so two racing moves can never both win.
 *
 * Identification and signing: pending -> active (a device holds it) -> completed | rejected | cancelled | expired.
 * Documents: pending -> in_progress (a signee has signed) -> sealing (the last one signed) -> completed (the stamped
 * copy is stored) | rejected | cancelled | expired; each signee's own status lives beside the document
 * (`src/documents/signee-status.ts`).
 */
export const FLOW_STATUSES = [
  'pending',
  'active',
  'in_progress',
  'completed',
  'rejected',
  'cancelled',
  'expired',
] as const;
/** The statuses observers are shown (ping, refresh, webhooks, pages): the spec's and the official client's words. */
export type ObservedFlowStatus = (typeof FLOW_STATUSES)[number];

/**
 * `sealing`: every signee of a document has signed and its stamped copy is being made, after that signature's commit
 * (DocumentSealing). Observers see it as `in_progress`, so nobody is shown a completed document without its copy.
 */
export type FlowStatus = ObservedFlowStatus | 'sealing';

/** The status a flow is shown with. */
export function observedStatus(status: FlowStatus): ObservedFlowStatus {
  return status === 'sealing' ? 'in_progress' : status;
}

export const TERMINAL_STATUSES: readonly ObservedFlowStatus[] = ['completed', 'rejected', 'cancelled', 'expired'];

const OPEN = ['pending', 'active', 'in_progress'] as const;

export const FLOW_MOVES = {
  /** A device picks the flow up: link opened, seed scanned or push accepted. */
  claim: { from: ['pending'], to: 'active' },
  /**
   * A document's signee signs and others have yet to. It also moves an `in_progress` document to itself, so that every
   * signature takes the flow's row lock first and the last signer is always seen as last.
   */
  progress: { from: ['pending', 'in_progress'], to: 'in_progress' },
  /** The holder approves: an identification or signing flow, once the device signature is verified. */
  approve: { from: OPEN, to: 'completed' },
  /**
   * A document's last signee signs: the signatures are all given, so it can no longer be cancelled, declined or
   * expire while its stamped copy is made.
   */
  seal: { from: ['in_progress'], to: 'sealing' },
  /**
   * A document's stamped copy is stored. It may come after the document's time is up: its signatures were all given
   * in time, and only the seal (a timestamp authority that was down, say) took longer.
   */
  sealed: { from: ['sealing'], to: 'completed', afterExpiry: true },
  decline: { from: OPEN, to: 'rejected' },
  cancel: { from: OPEN, to: 'cancelled' },
  expire: { from: OPEN, to: 'expired', afterExpiry: true },
} as const satisfies Record<string, { from: readonly FlowStatus[]; to: FlowStatus; afterExpiry?: true }>;

export type FlowMove = keyof typeof FLOW_MOVES;

/**
 * Why a flow ended, kept where its status alone does not say: `device-revoked`, a flow cancelled because the operator
 * revoked the device that held it.
 */
export type FlowEndReason = 'device-revoked';

export function isTerminal(status: FlowStatus): boolean {
  return (TERMINAL_STATUSES as readonly FlowStatus[]).includes(status);
}

/** Terminal states that are not a success: existing pollers stop on `cancelled: true` for each of them. */
export function isUnsuccessfulEnd(status: FlowStatus): boolean {
  return status === 'rejected' || status === 'cancelled' || status === 'expired';
}
