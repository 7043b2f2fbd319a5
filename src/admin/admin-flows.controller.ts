import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure } from '../common/openapi/api-envelope.decorator';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { AdminOnly } from './admin-only.decorator';
import { ADMIN_FLOW_EXAMPLE } from './admin-examples';
import { ADMIN_FLOW_LIST_SCHEMA, ADMIN_FLOW_SCHEMA } from './admin.schemas';
import { FlowIdParamDto, FlowReferenceQueryDto } from './flow-search.dto';
import { adminFlowView } from './flow-views';
import type { AdminFlowView } from './admin-view-types';

/** The most flows a search by reference lists, and the most deliveries a flow's timeline shows. */
const SEARCH_LIMIT = 50;

/** The operator's flow search: where a flow stands and its timeline, never its claims, payload or persons. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/flows')
export class AdminFlowsController {
  constructor(
    private readonly flows: FlowsService,
    private readonly webhooks: WebhooksService,
  ) {}

  @Get()
  @Reason('Flows')
  @ApiOperation({ summary: 'The flows of any app given this webhook reference, newest first, with their timelines' })
  @ApiEnvelope({
    description: 'The flows; none when no flow has the reference',
    reason: 'Flows',
    schema: ADMIN_FLOW_LIST_SCHEMA,
    data: { flows: [ADMIN_FLOW_EXAMPLE] },
  })
  async search(@Query() query: FlowReferenceQueryDto): Promise<{ flows: AdminFlowView[] }> {
    const flows = await this.flows.withReference(query.reference, SEARCH_LIMIT);
    return { flows: await Promise.all(flows.map((flow) => this.view(flow))) };
  }

  @Get(':flowId')
  @Reason('Flow')
  @ApiOperation({ summary: 'One flow of any app by its id, with its timeline' })
  @ApiEnvelope({ description: 'The flow', reason: 'Flow', schema: ADMIN_FLOW_SCHEMA, data: ADMIN_FLOW_EXAMPLE })
  @ApiFailure(404, 'No flow has this id', 'No such flow')
  async find(@Param() params: FlowIdParamDto): Promise<AdminFlowView> {
    return this.view(await this.flows.find(params.flowId));
  }

  private async view(flow: Flow): Promise<AdminFlowView> {
    const deliveries = flow.webhookReference
      ? await this.webhooks.list(flow.appId, { reference: flow.webhookReference, limit: SEARCH_LIMIT })
      : [];
    return adminFlowView(
      flow,
      deliveries.filter((delivery) => delivery.flowId === flow.id),
    );
  }
}
