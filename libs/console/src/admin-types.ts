/*
 * The admin API's answers, as the service declares them: one source for both. Imported as types alone, so the bundle
 * holds none of the service's code (lint:layers refuses any other import of src/ from here), and from files that
 * import nothing of the service but more such types (the console's own type check would fail on an entity or a
 * service). Times are Unix seconds.
 */
export type {
  AdminFlowView as FlowSummary,
  ApiKeyView as ApiKey,
  AuditEntryView as AuditEntry,
  AuditPageView as AuditPage,
  CreatedApiKeyView as CreatedApiKey,
  CreatedAppView as CreatedApp,
  DeviceView as Device,
  ListedAppView as App,
  ListedConsumerView as Consumer,
  OperatorView as Operator,
  SessionView as Session,
} from '../../../src/admin/admin-view-types';
export type { MonthlyUsage } from '../../../src/billing/monthly-usage';
export type { Envelope } from '../../../src/common/envelope/envelope';
export type { ConsoleSettings } from '../../../src/console/console-settings';
export type { OperatorRole as Role } from '../../../src/operators/operator-role';
export type { Environment } from '../../../src/tenants/environment';
export type { WebhookDeliveryView as Delivery } from '../../../src/webhooks/webhook-delivery-view';
