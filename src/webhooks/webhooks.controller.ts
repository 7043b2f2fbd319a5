import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { Reason } from '../common/envelope/envelope.decorator';
import { DELIVERY_LIST_SCHEMA } from './webhook.schemas';
import { ApiRedelivery } from './api-redelivery.decorator';
import { ApiEnvelope, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { DELIVERY_VIEW_EXAMPLE } from './webhook-examples';
import { viewDelivery } from './view-delivery';
import type { WebhookDeliveryView } from './webhook-delivery-view';
import { ListDeliveriesQueryDto } from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

/** The calling app's webhook deliveries: what was sent, how it went, and sending one again. */
@ApiTags('webhooks')
@Controller('api/v2/webhooks/deliveries')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Auth(ROUTE_CREDENTIALS.account)
  @Reason('Webhook deliveries')
  @ApiOperation({
    summary: "List the app's webhook deliveries, newest first, with their attempts and last error",
    description:
      'Every webhook idflow sent or is sending to this app. `status` is `pending` (waiting for its first attempt or ' +
      'a retry at `nextAttemptAt`), `delivering`, `succeeded` (the receiver answered 2xx) or `failed` (every retry ' +
      'was spent). Times are Unix seconds.',
  })
  @ApiEnvelope({
    description: 'The deliveries',
    reason: 'Webhook deliveries',
    schema: DELIVERY_LIST_SCHEMA,
    data: { deliveries: [DELIVERY_VIEW_EXAMPLE] },
  })
  @ApiValidationFailure({
    path: ['status'],
    message: 'status must be one of the following values: pending, delivering, succeeded, failed',
    code: 'invalid_enum_value',
  })
  async list(
    @Query() query: ListDeliveriesQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ deliveries: WebhookDeliveryView[] }> {
    const deliveries = await this.webhooks.list(principal.app.id, query);
    return { deliveries: deliveries.map(viewDelivery) };
  }

  @Post(':id/redeliver')
  @Auth(ROUTE_CREDENTIALS.account)
  @ApiOperation({
    summary: 'Send a webhook delivery again now',
    description:
      'Queues a new attempt at once, whether the delivery is waiting for a retry, failed or succeeded. The body and ' +
      '`webhook-id` stay the same, so a receiver that already handled it can tell; the signature and ' +
      '`webhook-timestamp` are fresh. A failed or succeeded delivery gets one attempt: if it fails, the delivery is ' +
      '`failed` again.',
  })
  @ApiParam({ name: 'id', description: 'The delivery id (`msg_...`), also the `webhook-id` header it was sent with' })
  @ApiRedelivery('No such delivery, or a delivery of another app')
  async redeliver(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ delivery: WebhookDeliveryView }> {
    return { delivery: viewDelivery(await this.webhooks.redeliver(principal.app.id, id)) };
  }
}
