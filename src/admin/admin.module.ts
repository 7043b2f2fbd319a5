import { Module } from '@nestjs/common';
import { BillingLedgerModule } from '../billing/billing-ledger.module';
import { PersonsModule } from '../persons/persons.module';
import { SandboxModule } from '../sandbox/sandbox.module';
import { TenantsModule } from '../tenants/tenants.module';
import { DevicesModule } from '../devices/devices.module';
import { DocumentsModule } from '../documents/documents.module';
import { SealModule } from '../seal/seal.module';
import { OperatorsModule } from '../operators/operators.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { IntendedUsesModule } from '../eudi/intended-uses.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { FlowsModule } from '../flows/flows.module';
import { EudiModule } from '../eudi/eudi.module';
import { OpenStreamsModule } from '../common/http/open-streams.module';
import { ConsumerSigningProvidersModule } from '../remote-signing/consumer-signing-providers.module';
import { AdminConnectionsController } from './admin-connections.controller';
import { AdminTrustListController } from './admin-trust-list.controller';
import { AdminActors } from './admin-actors';
import { AdminChanges } from './admin-changes';
import { AdminAppsController } from './admin-apps.controller';
import { AdminIntendedUsesController } from './admin-intended-uses.controller';
import { AdminAuditController } from './admin-audit.controller';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { AdminOperatorsController } from './admin-operators.controller';
import { AdminBillingController } from './admin-billing.controller';
import { AdminConsumersController } from './admin-consumers.controller';
import { AdminDevicesController } from './admin-devices.controller';
import { AdminDocumentsController } from './admin-documents.controller';
import { AdminKeysController } from './admin-keys.controller';
import { AdminPersonsController } from './admin-persons.controller';
import { AdminPersonsService } from './admin-persons.service';
import { AdminSandboxController } from './admin-sandbox.controller';
import { AdminSealController } from './admin-seal.controller';
import { AdminTokenGuard } from './admin-token.guard';
import { AdminWebhooksController } from './admin-webhooks.controller';
import { AdminFlowsController } from './admin-flows.controller';
import { AdminSessionController } from './admin-session.controller';
import { AdminSigningProvidersController } from './admin-signing-providers.controller';
import { OperatorSignInService } from './operator-sign-in.service';

/** The operator's HTTP console under `/admin`, behind the ADMIN_TOKEN bearer. */
@Module({
  imports: [
    TenantsModule,
    PersonsModule,
    DevicesModule,
    DocumentsModule,
    SealModule,
    SandboxModule,
    BillingLedgerModule,
    OperatorsModule,
    ServiceKeyModule,
    IntendedUsesModule,
    WebhooksModule,
    FlowsModule,
    EudiModule,
    OpenStreamsModule,
    ConsumerSigningProvidersModule,
  ],
  controllers: [
    AdminConsumersController,
    AdminAppsController,
    AdminIntendedUsesController,
    AdminKeysController,
    AdminPersonsController,
    AdminDevicesController,
    AdminDocumentsController,
    AdminSealController,
    AdminSandboxController,
    AdminBillingController,
    AdminOperatorsController,
    AdminAuditController,
    AdminSessionController,
    AdminWebhooksController,
    AdminFlowsController,
    AdminConnectionsController,
    AdminTrustListController,
    AdminSigningProvidersController,
  ],
  providers: [
    AdminActors,
    AdminChanges,
    AdminTokenGuard,
    AdminAuditInterceptor,
    AdminPersonsService,
    OperatorSignInService,
  ],
})
export class AdminModule {}
