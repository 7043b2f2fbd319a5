import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure } from '../common/openapi/api-envelope.decorator';
import { TenantsService } from '../tenants/tenants.service';
import { ApiRedelivery } from '../webhooks/api-redelivery.decorator';
import { DELIVERY_LIST_SCHEMA } from '../webhooks/webhook.schemas';
import { DELIVERY_VIEW_EXAMPLE } from '../webhooks/webhook-examples';
import { viewDelivery } from '../webhooks/view-delivery';
import type { WebhookDeliveryView } from '../webhooks/webhook-delivery-view';
import { ListDeliveriesQueryDto } from '../webhooks/webhooks.dto';
import { WebhooksService } from '../webhooks/webhooks.service';
import { AdminOnly } from './admin-only.decorator';
import { AppIdParamDto } from './app-id-param.dto';
import { DeliveryParamsDto } from './delivery-params.dto';

const UNKNOWN_APP = ApiFailure(404, 'No app has this id', 'App app_9QwErTyUiOpAsDfGhJkLzXcV does not exist');

/** An app's webhook deliveries as the operator sees them: what its own integrator sees, and sending one again. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/apps/:appId/webhook-deliveries')
export class AdminWebhooksController {
  constructor(
    private readonly tenants: TenantsService,
    private readonly webhooks: WebhooksService,
  ) {}

  @Get()
  @Reason('Webhook deliveries')
  @ApiOperation({ summary: "An app's webhook deliveries, newest first, with their attempts and last answer" })
  @ApiEnvelope({
    description: 'The deliveries',
    reason: 'Webhook deliveries',
    schema: DELIVERY_LIST_SCHEMA,
    data: { deliveries: [DELIVERY_VIEW_EXAMPLE] },
  })
  @UNKNOWN_APP
  async list(
    @Param() params: AppIdParamDto,
    @Query() query: ListDeliveriesQueryDto,
  ): Promise<{ deliveries: WebhookDeliveryView[] }> {
    await this.tenants.findApp(params.appId);
    return { deliveries: (await this.webhooks.list(params.appId, query)).map(viewDelivery) };
  }

  @Post(':deliveryId/redeliver')
  @ApiOperation({
    summary: "Send one of the app's webhook deliveries again now, as its integrator may (same body and webhook-id)",
  })
  @ApiRedelivery('No such delivery of this app')
  async redeliver(@Param() params: DeliveryParamsDto): Promise<{ delivery: WebhookDeliveryView }> {
    return { delivery: viewDelivery(await this.webhooks.redeliver(params.appId, params.deliveryId)) };
  }
}
