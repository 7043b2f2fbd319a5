import type { OperatorAuditEntry } from '../operators/operator-audit-entry.entity';
import type { Operator } from '../operators/operator.entity';
import type { OperatorRole } from '../operators/operator-role';
import { seconds } from './admin-views';

/** What the admin API and the CLI show of an operator. Times are Unix seconds, as in the public API. */
export interface OperatorView {
  id: string;
  nin: string;
  name: string;
  role: OperatorRole;
  createdAt: number;
}

/** One entry of the audit log, as listed and exported. */
export interface AuditEntryView {
  id: string;
  at: number;
  actor: string;
  action: string;
  target: Record<string, string>;
  status: number;
}

export function operatorView(operator: Operator): OperatorView {
  const { id, nin, name, role, createdAt } = operator;
  return { id, nin, name, role, createdAt: seconds(createdAt) };
}

export function auditEntryView(entry: OperatorAuditEntry): AuditEntryView {
  const { id, at, actor, action, target, status } = entry;
  return { id, at: seconds(at), actor, action, target, status };
}

/** A session just opened: its bearer token, shown this once, until when it lasts, and whose it is. */
export interface SessionView {
  token: string;
  expiresAt: number;
  operator: OperatorView;
}
