import { Module } from '@nestjs/common';
import { FlowsModule } from '../flows/flows.module';
import { DevicesModule } from '../devices/devices.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { EudiModule } from '../eudi/eudi.module';
import { IntendedUsesModule } from '../eudi/intended-uses.module';
import { UnitOfWork } from '../platform/unit-of-work';
import { SigningFlowKind } from './signing.flow-kind';
import { SigningWebhooks } from './signing.webhooks';
import { SigningController } from './signing.controller';
import { SigningService } from './signing.service';

@Module({
  imports: [FlowsModule, DevicesModule, SignaturesModule, WebhooksModule, EudiModule, IntendedUsesModule],
  controllers: [SigningController],
  providers: [SigningService, SigningWebhooks, SigningFlowKind, UnitOfWork],
})
export class SigningModule {}
