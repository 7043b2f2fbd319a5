/**
 * What an operator may do in the console and the admin API: `owner` everything, `operator` consumers, apps, keys and
 * webhooks, `viewer` read only.
 */
export const OPERATOR_ROLES = ['owner', 'operator', 'viewer'] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];
