export const SIGNING_ACTIONS = ['sign', 'confirm'] as const;

export type SigningAction = (typeof SIGNING_ACTIONS)[number];
