import { DynamicModule, Module } from '@nestjs/common';
import { AdminPersonsService } from '../admin/admin-persons.service';
import { BillingLedgerModule } from '../billing/billing-ledger.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { EmbeddedBackup } from '../database/embedded-backup';
import { KeyEncryptionModule } from '../key-encryption/key-encryption.module';
import { PersonsModule } from '../persons/persons.module';
import { RedisModule } from '../redis/redis.module';
import { SandboxModule } from '../sandbox/sandbox.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { TenantsModule } from '../tenants/tenants.module';
import { DevicesModule } from '../devices/devices.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { FailureHooksModule } from '../common/errors/failure-hooks.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MetricsModule } from '../common/metrics/metrics.module';
import { RetentionModule } from '../common/retention/retention.module';
import { BackgroundWorkModule } from '../common/scheduling/background-work.module';
import { DocumentsModule } from '../documents/documents.module';
import { IdentificationModule } from '../identification/identification.module';
import { SigningModule } from '../signing/signing.module';
import { FileStorageModule } from '../documents/file-storage.module';
import { SealModule } from '../seal/seal.module';

/** What the operator CLI needs: the service's configuration and database, none of its HTTP pieces. */
@Module({})
export class CliModule {
  /**
   * With `flows`, also the flow engine with every kind of flow (for `archive:renew`, and for `device:revoke`, which
   * cancels the flows the device holds with each kind's webhooks) and the global modules they draw on; only for the
   * commands that need them. The modules declare their background work (sweeps, webhook deliveries) here too, but a
   * one-shot command runs none of it: that is the server's, which sends what the command queued.
   */
  static forRoot(config: AppConfig, { flows = false } = {}): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        BackgroundWorkModule.forRoot({ runs: false }),
        DatabaseModule,
        KeyEncryptionModule,
        // With Redis, a key the CLI revokes stops working on every running instance at once.
        RedisModule,
        TenantsModule,
        // Registers the service key's sealed column, so keys:rotate reseals it with the others.
        ServiceKeyModule,
        // Registers the seal's sealed keys too, and revokes the sandbox seal certificate (seal:revoke).
        SealModule,
        PersonsModule,
        DevicesModule,
        SandboxModule,
        BillingLedgerModule,
        FileStorageModule,
        ...(flows
          ? [
              MetricsModule,
              RetentionModule,
              FailureHooksModule,
              AuthModule,
              BillingModule,
              IdempotencyModule,
              IdentificationModule,
              SigningModule,
              DocumentsModule,
            ]
          : []),
      ],
      providers: [
        // The admin API's person logic, without its HTTP controllers and bearer guard.
        AdminPersonsService,
        EmbeddedBackup,
      ],
    };
  }
}
