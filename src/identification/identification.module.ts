import { Module } from '@nestjs/common';
import { ClaimsModule } from '../claims/claims.module';
import { DevicesModule } from '../devices/devices.module';
import { EudiModule } from '../eudi/eudi.module';
import { IntendedUsesModule } from '../eudi/intended-uses.module';
import { FlowsModule } from '../flows/flows.module';
import { PersonsModule } from '../persons/persons.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { TenantsModule } from '../tenants/tenants.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { IdentificationFlowKind } from './identification.flow-kind';
import { IdentificationController } from './identification.controller';
import { IdentificationService } from './identification.service';
import { IdentificationWebhooks } from './identification.webhooks';
import { UnitOfWork } from '../platform/unit-of-work';

@Module({
  imports: [
    FlowsModule,
    DevicesModule,
    PersonsModule,
    TenantsModule,
    ClaimsModule,
    ServiceKeyModule,
    EudiModule,
    IntendedUsesModule,
    WebhooksModule,
  ],
  controllers: [IdentificationController],
  providers: [IdentificationService, IdentificationFlowKind, IdentificationWebhooks, UnitOfWork],
  exports: [IdentificationService],
})
export class IdentificationModule {}
