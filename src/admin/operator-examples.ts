import type { AuditEntryView, OperatorView } from './admin-view-types';

export const OPERATOR_VIEW_EXAMPLE: OperatorView = {
  id: 'op_4TfQ8mZr2LxV9cNp1KsW7hYd',
  nin: '34567890123',
  name: 'Kari Nordmann',
  role: 'owner',
  createdAt: 1763703540,
};

export const AUDIT_ENTRY_VIEW_EXAMPLE: AuditEntryView = {
  id: 'aud_0Qx2vZk1R8LmT4nWc7Ys3Pa9',
  at: 1763703600,
  actor: 'op_4TfQ8mZr2LxV9cNp1KsW7hYd',
  action: 'POST /admin/keys/:keyId/revoke',
  target: { keyId: 'key_7Hc2NqL9xW4mR1tZ8vK3pJ6s' },
  status: 201,
};
