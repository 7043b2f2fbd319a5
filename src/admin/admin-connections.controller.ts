import { hostname } from 'node:os';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { StreamQuota } from '../common/http/stream-quota';
import { ApiEnvelope } from '../common/openapi/api-envelope.decorator';
import { TenantsService } from '../tenants/tenants.service';
import { AdminOnly } from './admin-only.decorator';
import { CONNECTIONS_SCHEMA } from './operations.schemas';
import type { ConnectionsView } from './admin-view-types';
import { CONNECTIONS_EXAMPLE } from './operations-views';

/** The instance that answers, as an operator tells instances apart: its host and process. */
const INSTANCE = `${hostname()}:${process.pid}`;

/** The connections an instance holds open: server-sent event streams and legacy held polls. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/connections')
export class AdminConnectionsController {
  constructor(
    private readonly quota: StreamQuota,
    private readonly tenants: TenantsService,
  ) {}

  @Get()
  @Reason('Connections')
  @ApiOperation({
    summary: 'The event streams and held polls open on the instance that answers, in all and per app, and their caps',
    description:
      'Each instance counts its own (the caps are per instance too); behind a load balancer, each answer is one ' +
      'instance, named in `instance`. Device and review streams count in the totals only: they belong to no app.',
  })
  @ApiEnvelope({
    description: 'The open connections',
    reason: 'Connections',
    schema: CONNECTIONS_SCHEMA,
    data: CONNECTIONS_EXAMPLE,
  })
  async show(): Promise<ConnectionsView> {
    const open = this.quota.openConnections();
    const apps = await Promise.all(
      open.apps.map(async (app) => ({ ...app, name: (await this.tenants.findApp(app.appId)).name })),
    );
    return { instance: INSTANCE, ...open, apps };
  }
}
