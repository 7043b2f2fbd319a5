import type { OperatorAuditEntry } from '../operators/operator-audit-entry.entity';
import type { Operator } from '../operators/operator.entity';
import type { AuditEntryView, OperatorView } from './admin-view-types';
import { seconds } from './admin-views';

export function operatorView(operator: Operator): OperatorView {
  const { id, nin, name, role, createdAt } = operator;
  return { id, nin, name, role, createdAt: seconds(createdAt) };
}

export function auditEntryView(entry: OperatorAuditEntry): AuditEntryView {
  const { id, at, actor, action, target, status } = entry;
  return { id, at: seconds(at), actor, action, target, status };
}
