/*
 * The admin API's answers, as the service declares them: one source for both. Imported as types alone, so the bundle
 * holds none of the service's code (lint:layers refuses any other import of src/ from here), and from files that
 * import nothing of the service but more such types (the console's own type check would fail on an entity or a
 * service). Times are Unix seconds.
 */
export type {
  AdminFlowView as FlowSummary,
  ApiKeyView as ApiKey,
  AppView as AppDetails,
  AuditEntryView as AuditEntry,
  AuditPageView as AuditPage,
  ConnectionsView as Connections,
  CreatedApiKeyView as CreatedApiKey,
  CreatedAppView as CreatedApp,
  DeviceView as Device,
  IntendedUseView as IntendedUse,
  ListedAppView as App,
  ListedConsumerView as Consumer,
  OperatorView as Operator,
  PasskeyView as Passkey,
  SealStatusView as SealStatus,
  SessionView as Session,
  SigningProviderCheckView as SigningProviderCheck,
  SigningProviderView as SigningProvider,
  TrustListView as TrustList,
} from '../../../src/admin/admin-view-types';
export type { MonthlyUsage } from '../../../src/billing/monthly-usage';
export type { Envelope } from '../../../src/common/envelope/envelope';
export type { ConsoleSettings } from '../../../src/console/console-settings';
export type { OperatorRole as Role } from '../../../src/operators/operator-role';
export type { CibaDeliveryMode } from '../../../src/tenants/ciba-delivery';
export type { Environment } from '../../../src/tenants/environment';
export type { IdTokenSigningAlg } from '../../../src/tenants/id-token-signing-alg';
export type { OidcProfile } from '../../../src/tenants/oidc-profile';
export type { WebhookDeliveryView as Delivery } from '../../../src/webhooks/webhook-delivery-view';
