/**
 * What a document's audit trail records, in the order things happen to a document: made, asked of a signee (pushed,
 * then reminded), seen, signed or declined, the signed copy stamped and sealed, or the document ended otherwise.
 * `sealed` is recorded by the PAdES seal, where one is applied after the stamp; `seal-failed` when the stamped copy
 * cannot be made at all (its reason: the original exceeds the PDF reading budget), the document then staying in
 * progress; `signature-failed` each time a signee's own signature (`advanced`) could not be made, with the reason, the
 * stamped copy then tried again; `archive-renewed` by each archive renewal of a B-LTA copy (a fresh DSS and document timestamp).
 */
export const AUDIT_EVENT_TYPES = [
  'created',
  'pushed',
  'reminded',
  'viewed',
  'signed',
  'declined',
  'stamped',
  'sealed',
  'seal-failed',
  'signature-failed',
  'archive-renewed',
  'expired',
  'cancelled',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
