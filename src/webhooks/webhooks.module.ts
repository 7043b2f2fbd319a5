import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../common/outbound/outbound.module';
import { TenantsModule } from '../tenants/tenants.module';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookMetrics } from './webhook-metrics';
import { WebhookRetention } from './webhook-retention';
import { WebhookDispatcher } from './webhook.dispatcher';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';
import { UnitOfWork } from '../platform/unit-of-work';

/** Durable signed webhooks: import it and call `WebhooksService.enqueue` inside the transaction of the state change. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookDelivery]), TenantsModule, OutboundModule],
  controllers: [WebhooksController],
  providers: [
    UnitOfWork,
    WebhooksService,
    WebhookDispatcher,
    WebhookDeliveryRepository,
    WebhookMetrics,
    WebhookRetention,
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}
