import { Body, Controller, Get, Post } from '@nestjs/common';
import { CONSUMER_LIST_SCHEMA, CONSUMER_SCHEMA } from './admin.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { TenantsService } from '../tenants/tenants.service';
import { CONSUMER_VIEW_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { consumerView, listedConsumerView } from './admin-views';
import type { ConsumerView, ListedConsumerView } from './admin-view-types';
import { CreateConsumerDto } from './create-consumer.dto';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/consumers')
export class AdminConsumersController {
  constructor(private readonly tenants: TenantsService) {}

  @Post()
  @Reason('Consumer created')
  @ApiOperation({ summary: 'Create a consumer: the organisation that owns apps' })
  @ApiEnvelope({
    status: 201,
    description: 'The new consumer',
    reason: 'Consumer created',
    schema: CONSUMER_SCHEMA,
    data: CONSUMER_VIEW_EXAMPLE,
  })
  @ApiValidationFailure({
    path: ['name'],
    message: 'name must be longer than or equal to 1 characters',
    code: 'too_small',
  })
  async create(@Body() body: CreateConsumerDto): Promise<ConsumerView> {
    return consumerView(await this.tenants.createConsumer(body.name));
  }

  @Get()
  @Reason('Consumers')
  @ApiOperation({ summary: 'List the consumers, oldest first, and when any key of their apps was last used' })
  @ApiEnvelope({
    description: 'The consumers',
    reason: 'Consumers',
    schema: CONSUMER_LIST_SCHEMA,
    data: { consumers: [{ ...CONSUMER_VIEW_EXAMPLE, lastUsedAt: 1763703540 }] },
  })
  async list(): Promise<{ consumers: ListedConsumerView[] }> {
    return { consumers: (await this.tenants.listConsumers()).map(listedConsumerView) };
  }
}
