import { AllowanceUsage } from '../billing/allowance-usage.entity';
import { BillingBalance } from '../billing/billing-balance.entity';
import { UsageRecord } from '../billing/usage-record.entity';
import { DocumentAuditEvent } from '../documents/document-audit-event.entity';
import { DocumentSignee } from '../documents/document-signee.entity';
import { FlowDocument } from '../documents/flow-document.entity';
import { StoredFileRecord } from '../documents/stored-file-record.entity';
import { FlowCode } from '../flows/flow-code.entity';
import { Flow } from '../flows/flow.entity';
import { Person } from '../persons/person.entity';
import { RevokedSealCertificate } from '../seal/revoked-seal-certificate.entity';
import { SealCertificate } from '../seal/seal-certificate.entity';
import { ServiceKey } from '../service-key/service-key.entity';
import { ApiKey } from '../tenants/api-key.entity';
import { ConsumerApp } from '../tenants/consumer-app.entity';
import { Consumer } from '../tenants/consumer.entity';
import { Device } from '../devices/device.entity';
import { EudiCertificate } from '../eudi/eudi-certificate.entity';
import { RevokedSignerCertificate } from '../signing-provider/revoked-signer-certificate.entity';
import { SandboxSigningKey } from '../signing-provider/sandbox-signing-key.entity';
import { WalletPresentation } from '../eudi/wallet-presentation.entity';
import { WalletIntendedUse } from '../eudi/wallet-intended-use.entity';
import { ConsumerSigningProvider } from '../remote-signing/consumer-signing-provider.entity';
import { WalletErasure } from '../eudi/wallet-erasure.entity';
import { DevicePasskey } from '../devices/device-passkey.entity';
import { DevicePushSubscription } from '../devices/device-push-subscription.entity';
import { PasskeyChallenge } from '../devices/passkey-challenge.entity';
import { EnrollmentCode } from '../devices/enrollment-code.entity';
import { IdempotencyRecord } from '../idempotency/idempotency-record.entity';
import { OidcRecord } from '../oidc/oidc-record.entity';
import { CibaPing } from '../oidc/ciba-ping.entity';
import { UsedProof } from '../wallet/used-proof.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { Operator } from '../operators/operator.entity';
import { OperatorAuditEntry } from '../operators/operator-audit-entry.entity';
import { OperatorSession } from '../operators/operator-session.entity';

/** Every entity, in one list shared by the app, the CLI and the migration tooling. */
export const ENTITIES = [
  Consumer,
  ConsumerApp,
  ApiKey,
  Person,
  ServiceKey,
  Flow,
  FlowCode,
  Device,
  EnrollmentCode,
  DevicePasskey,
  DevicePushSubscription,
  PasskeyChallenge,
  UsedProof,
  IdempotencyRecord,
  WebhookDelivery,
  UsageRecord,
  BillingBalance,
  AllowanceUsage,
  FlowDocument,
  DocumentSignee,
  SealCertificate,
  RevokedSealCertificate,
  DocumentAuditEvent,
  OidcRecord,
  CibaPing,
  StoredFileRecord,
  EudiCertificate,
  WalletPresentation,
  WalletIntendedUse,
  WalletErasure,
  Operator,
  OperatorAuditEntry,
  OperatorSession,
  SandboxSigningKey,
  RevokedSignerCertificate,
  ConsumerSigningProvider,
];
