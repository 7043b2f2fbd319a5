import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { pipelineModules, pipelineProviders } from './bootstrap/pipeline-options';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { BillingReportModule } from './billing-report/billing-report.module';
import { MeteredRouteGuard } from './billing/metered-route.guard';
import { DeclaredAccessGuard } from './auth/declared-access.guard';
import { BodyTypeGuard } from './common/http/body-type.guard';
import { RoutingModule } from './common/routing/routing.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { TracingModule } from './common/tracing/tracing.module';
import { RetentionModule } from './common/retention/retention.module';
import { BackgroundWorkModule } from './common/scheduling/background-work.module';
import { AppConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import { SqliteCheckpointer } from './database/sqlite-checkpointer';
import { BackgroundThreadsModule } from './common/health/background-threads.module';
import { KeyEncryptionModule } from './key-encryption/key-encryption.module';
import { DocumentsModule } from './documents/documents.module';
import { FlowsModule } from './flows/flows.module';
import { HealthModule } from './health/health.module';
import { ConsoleModule } from './console/console.module';
import { HolderAppModule } from './holder-app/holder-app.module';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { OidcModule } from './oidc/oidc.module';
import { MetricsEndpointModule } from './metrics/metrics-endpoint.module';
import { IdentificationModule } from './identification/identification.module';
import { SandboxSimulatorModule } from './sandbox/sandbox-simulator.module';
import { SigningProviderModule } from './signing-provider/signing-provider.module';
import { RemoteSigningModule } from './remote-signing/remote-signing.module';
import { WalletModule } from './wallet/wallet.module';
import { ReviewModule } from './review/review.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { SigningModule } from './signing/signing.module';
import { VerificationModule } from './verification/verification.module';

/**
 * The whole service. Global guards, interceptors, pipe and filter are providers here, so a test app built from this
 * module behaves exactly like production; docs/architecture.md draws them with the middleware and route pieces, and the
 * request pipeline's own pieces come from bootstrap/pipeline-options.ts, which the benchmarks' pipeline-Nest baseline is
 * built from too. The rate limit counts every request once, before any route, in ThrottlingModule's RateLimit
 * middleware (mounted by that pipeline). Three guards run in order: noting the route for the usage meter (it never
 * refuses), the deny-by-default check, and the body's media type. Two interceptors wrap the route's own:
 * Idempotency-Key replays (outermost, so a replay is not billed and the answer kept is the one sent), then the success
 * envelope. The ValidationPipe checks bodies and queries against their DTOs; the filter answers every failure. What the
 * pipeline learns about a request is on it as RequestContext (common/request-context/).
 */
@Module({})
export class AppModule {
  /**
   * `backgroundWork: false` builds the service without its sweeps and webhook deliveries, for a tool that only reads
   * what the app declares (the OpenAPI document).
   */
  static forRoot(config: AppConfig, { backgroundWork = true } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...pipelineModules(config),
        BackgroundWorkModule.forRoot({ runs: backgroundWork }),
        RoutingModule,
        TracingModule,
        RetentionModule,
        DatabaseModule,
        BackgroundThreadsModule,
        KeyEncryptionModule,
        AuthModule,
        BillingModule,
        IdempotencyModule,
        BillingReportModule,
        HealthModule,
        MetricsEndpointModule,
        FlowsModule,
        WalletModule,
        IdentificationModule,
        SandboxSimulatorModule,
        SigningProviderModule,
        RemoteSigningModule,
        AdminModule,
        WebhooksModule,
        SigningModule,
        DocumentsModule,
        ReviewModule,
        HolderAppModule,
        ConsoleModule,
        VerificationModule,
        OidcModule,
      ],
      providers: [
        // The server's alone: the operator CLI's one-shot commands have no use for a checkpoint thread.
        SqliteCheckpointer,
        { provide: APP_INTERCEPTOR, useExisting: IdempotencyInterceptor },
        ...pipelineProviders(),
        { provide: APP_GUARD, useClass: MeteredRouteGuard },
        { provide: APP_GUARD, useClass: DeclaredAccessGuard },
        { provide: APP_GUARD, useClass: BodyTypeGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
