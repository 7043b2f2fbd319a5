/**
 * The one place that says which move of an identification or signing flow is legal (DESIGN section 5). Every move is
 * applied as a compare-and-set on the flow's current status, so two racing moves can never both win.
 */
export const FLOW_STATUSES = ['pending', 'active', 'completed', 'rejected', 'cancelled', 'expired'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const TERMINAL_STATUSES: readonly FlowStatus[] = ['completed', 'rejected', 'cancelled', 'expired'];

export const FLOW_MOVES = {
  /** A device picks the flow up: link opened, seed scanned or push accepted. */
  claim: { from: ['pending'], to: 'active' },
  /** The holder approves (signing: once the device signature is verified). */
  approve: { from: ['pending', 'active'], to: 'completed' },
  decline: { from: ['pending', 'active'], to: 'rejected' },
  cancel: { from: ['pending', 'active'], to: 'cancelled' },
  expire: { from: ['pending', 'active'], to: 'expired' },
} as const satisfies Record<string, { from: readonly FlowStatus[]; to: FlowStatus }>;

export type FlowMove = keyof typeof FLOW_MOVES;

export function isTerminal(status: FlowStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Terminal states that are not a success: existing pollers stop on `cancelled: true` for each of them. */
export function isUnsuccessfulEnd(status: FlowStatus): boolean {
  return status === 'rejected' || status === 'cancelled' || status === 'expired';
}
