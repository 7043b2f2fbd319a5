import { Body, Controller, Post } from '@nestjs/common';
import { CONSUMER_SCHEMA } from './admin.schemas';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { TenantsService } from '../tenants/tenants.service';
import { CONSUMER_VIEW_EXAMPLE } from './admin-examples';
import { AdminOnly } from './admin-only.decorator';
import { ConsumerView, consumerView } from './admin-views';
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
}
