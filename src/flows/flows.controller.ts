import { Body, Controller, HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import type { ApiVersion } from '../common/envelope/envelope';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { Versioned } from '../common/routing/versioned.decorator';
import { FLOW_VIEW_EXAMPLE } from './flow-examples';
import { FlowPresenter } from './flow.presenter';
import type { ObservedView } from './flow-view';
import { FLOW_HINTS } from './flow-hint';
import { FlowReferenceDto } from './flow-reference.dto';
import { FlowsService } from './flows.service';

const PingDocs = (version: ApiVersion) =>
  applyDecorators(
    ApiOperation({
      summary: 'The current state of a flow (spec 2.4); poll every 1 to 3 seconds',
      description:
        'A document flow (`doc_...`) answers with the document object of spec 2.6 plus `status`. An identification or ' +
        'signing flow carries `hint`, where it stands, with the message to show for each:\n\n' +
        Object.entries(FLOW_HINTS)
          .map(([hint, message]) => `- \`${hint}\`: ${message}`)
          .join('\n'),
    }),
    ApiEnvelope({ description: 'The flow', reason: 'Flow state', version, data: { request: FLOW_VIEW_EXAMPLE } }),
    ApiValidationFailure({ path: ['request'], message: 'request must be a string' }, version),
    ApiFailure(404, 'No such flow, or a flow of another app', 'No such flow', version),
  );

const CancelDocs = (version: ApiVersion) =>
  applyDecorators(
    ApiOperation({ summary: 'Cancel a flow, for example when the user leaves the page' }),
    ApiEnvelope({
      status: 201,
      description: 'The flow as it now stands',
      reason: 'Flow cancelled',
      version,
      data: {
        request: {
          ...FLOW_VIEW_EXAMPLE,
          status: 'cancelled',
          cancelled: true,
          hint: 'cancelled',
          claims: undefined,
          subject: undefined,
        },
      },
    }),
    ApiFailure(404, 'No such flow, or a flow of another app', 'No such flow', version),
    ApiFailure(409, 'The flow already ended', 'The flow is already completed', version),
  );

/** Flow observation and cancellation (spec 4.4), v2 and the v1 mirror. */
@ApiTags('flow')
@Controller('api')
export class FlowsController {
  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
  ) {}

  @Versioned(['v2', 'v1'], (version) =>
    applyDecorators(Post(`${version}/flow/ping`), Auth(ROUTE_CREDENTIALS.flow[version].ping), PingDocs(version)),
  )
  @HttpCode(200)
  @Reason('Flow state')
  ping(@Body() body: FlowReferenceDto, @CurrentPrincipal() principal: Principal): Promise<{ request: ObservedView }> {
    return this.current(body.request, principal);
  }

  @Versioned(['v2', 'v1'], (version) =>
    applyDecorators(
      Post(`${version}/flow/cancel`),
      Auth({ ...ROUTE_CREDENTIALS.flow[version].cancel, idempotent: true }),
      CancelDocs(version),
    ),
  )
  @Reason('Flow cancelled')
  cancel(@Body() body: FlowReferenceDto, @CurrentPrincipal() principal: Principal): Promise<{ request: ObservedView }> {
    return this.cancelFlow(body.request, principal);
  }

  private async current(flowId: string, principal: Principal): Promise<{ request: ObservedView }> {
    return { request: await this.presenter.present(await this.flows.findForApp(flowId, principal.app.id)) };
  }

  private async cancelFlow(flowId: string, principal: Principal): Promise<{ request: ObservedView }> {
    return { request: await this.presenter.present(await this.flows.cancel(flowId, principal.app.id)) };
  }
}
