/**
 * A device's passkey as its holder app is told it: `registered` (every approval needs it), `revoked` by an operator
 * (approvals are refused until a new one is registered), or `none` (approvals do not ask for the screen lock).
 */
export const PASSKEY_STATES = ['registered', 'revoked', 'none'] as const;
export type PasskeyState = (typeof PASSKEY_STATES)[number];
