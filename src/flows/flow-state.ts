/**
 * The one place that says which move of a flow is legal (DESIGN section 5). Every move is applied as a compare-and-set
 * on the flow's current status, so two racing moves can never both win.
 *
 * Identification and signing: pending -> active (a device holds it) -> completed | rejected | cancelled | expired.
 * Documents: pending -> in_progress (a signee has signed) -> completed (the last one signed) | rejected | cancelled |
 * expired; each signee's own status lives beside the document (`src/documents/signee-status.ts`).
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
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const TERMINAL_STATUSES: readonly FlowStatus[] = ['completed', 'rejected', 'cancelled', 'expired'];

const OPEN = ['pending', 'active', 'in_progress'] as const;

export const FLOW_MOVES = {
  /** A device picks the flow up: link opened, seed scanned or push accepted. */
  claim: { from: ['pending'], to: 'active' },
  /**
   * A document's signee signs and others have yet to. It also moves an `in_progress` document to itself, so that every
   * signature takes the flow's row lock first and the last signer is always seen as last.
   */
  progress: { from: ['pending', 'in_progress'], to: 'in_progress' },
  /** The holder approves (signing: once the device signature is verified; documents: the last signee signs). */
  approve: { from: OPEN, to: 'completed' },
  decline: { from: OPEN, to: 'rejected' },
  cancel: { from: OPEN, to: 'cancelled' },
  expire: { from: OPEN, to: 'expired' },
} as const satisfies Record<string, { from: readonly FlowStatus[]; to: FlowStatus }>;

export type FlowMove = keyof typeof FLOW_MOVES;

/**
 * Why a flow ended, kept where its status alone does not say: `device-revoked`, a flow cancelled because the operator
 * revoked the device that held it.
 */
export type FlowEndReason = 'device-revoked';

export function isTerminal(status: FlowStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Terminal states that are not a success: existing pollers stop on `cancelled: true` for each of them. */
export function isUnsuccessfulEnd(status: FlowStatus): boolean {
  return status === 'rejected' || status === 'cancelled' || status === 'expired';
}
