export const FLOW_KINDS = ['identification', 'signing', 'document'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/**
 * Spec section 1: where the holder's device is relative to the client that started the flow; and `wallet`, an
 * identification that the person answers with their EU Digital Identity Wallet (docs/eudi-wallet.md).
 */
export const START_MODES = ['same-device', 'different-device', 'wildcard', 'wallet'] as const;
export type StartMode = (typeof START_MODES)[number];

/** The start modes of spec section 1, in which the person answers in an idflow app: all that signing has. */
export type AppStartMode = Exclude<StartMode, 'wallet'>;
