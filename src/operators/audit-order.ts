/** The orders the audit log is listed in: as the entries were made, or the latest first. */
export const AUDIT_ORDERS = ['oldest', 'newest'] as const;

export type AuditOrder = (typeof AUDIT_ORDERS)[number];
