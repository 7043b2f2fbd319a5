import { AuthModule } from '../auth/auth.module';
import { BillingLedgerModule } from '../billing/billing-ledger.module';
import { BillingModule } from '../billing/billing.module';
import { MetricsModule } from '../common/metrics/metrics.module';
import { RetentionModule } from '../common/retention/retention.module';
import { DocumentsModule } from '../documents/documents.module';
import { FileStorageModule } from '../documents/file-storage.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { IdentificationModule } from '../identification/identification.module';
import { PersonsModule } from '../persons/persons.module';
import { SandboxModule } from '../sandbox/sandbox.module';
import { SigningModule } from '../signing/signing.module';
import { SEALED_SECRET_MODULES } from './sealed-secret-modules';

/**
 * The flow engine with every kind of flow and the modules they draw on, for `archive:renew` and for `device:revoke`,
 * which cancels the flows the device holds with each kind's webhooks.
 */
export const FLOW_MODULES = [
  ...SEALED_SECRET_MODULES,
  PersonsModule,
  SandboxModule,
  BillingLedgerModule,
  FileStorageModule,
  MetricsModule,
  RetentionModule,
  AuthModule,
  BillingModule,
  IdempotencyModule,
  IdentificationModule,
  SigningModule,
  DocumentsModule,
];
