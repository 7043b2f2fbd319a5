import { Module } from '@nestjs/common';
import { FlowsModule } from '../flows/flows.module';
import { DevicesModule } from '../devices/devices.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SigningWebhooks } from './signing-webhooks';
import { SigningController } from './signing.controller';
import { SigningService } from './signing.service';

@Module({
  imports: [FlowsModule, DevicesModule, WebhooksModule],
  controllers: [SigningController],
  providers: [SigningService, SigningWebhooks],
})
export class SigningModule {}
