import { Module } from '@nestjs/common';
import { FlowsModule } from '../flows/flows.module';
import { DevicesModule } from '../devices/devices.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SigningFlowKind } from './signing.flow-kind';
import { SigningWebhooks } from './signing.webhooks';
import { SigningController } from './signing.controller';
import { SigningService } from './signing.service';

@Module({
  imports: [FlowsModule, DevicesModule, SignaturesModule, WebhooksModule],
  controllers: [SigningController],
  providers: [SigningService, SigningWebhooks, SigningFlowKind],
})
export class SigningModule {}
