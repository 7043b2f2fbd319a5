export const FLOW_KINDS = ['identification', 'signing', 'document'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/** Spec section 1: where the holder's device is relative to the client that started the flow. */
export const START_MODES = ['same-device', 'different-device', 'wildcard'] as const;
export type StartMode = (typeof START_MODES)[number];
