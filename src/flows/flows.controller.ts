import { ApiFlowState } from './api-flow-state.decorator';
import { Body, Controller, Get, HttpCode, Post, Query, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import type { ApiVersion } from '../common/envelope/envelope';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { Versioned } from '../platform/versioned.decorator';
import { FLOW_VIEW_EXAMPLE } from './flow-examples';
import { OBSERVED_FLOW_SCHEMA, QR_FRAME_SCHEMA } from './flow.schemas';
import { FlowPresenter } from './flow.presenter';
import type { ObservedView } from './flow-view';
import { NoQrCodeError } from './errors/no-qr-code.error';
import { FLOW_HINTS } from './flow-hint';
import { FlowQueryDto } from './flow-query.dto';
import { QR_START_EXAMPLE, qrFrameUri } from './qr-frame';
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
    ApiFlowState(version),
  );

/** README's worked example, seven seconds after creation. */
const QR_FRAME_EXAMPLE = { frame: qrFrameUri(QR_START_EXAMPLE, 7), time: 7 };

const CancelDocs = (version: ApiVersion) =>
  applyDecorators(
    ApiOperation({ summary: 'Cancel a flow, for example when the user leaves the page' }),
    ApiEnvelope({
      status: 201,
      description: 'The flow as it now stands',
      reason: 'Flow cancelled',
      version,
      schema: OBSERVED_FLOW_SCHEMA,
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
    ApiValidationFailure({ path: ['request'], message: 'request must be a string' }, version),
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

  @Get('v2/flow/qr')
  @Auth(ROUTE_CREDENTIALS.flow.v2.qr)
  @Reason('QR frame')
  @ApiOperation({
    summary: "The animated QR code's frame of this second, for integrators who would rather not compute it",
    description:
      'Show it as a QR code and ask again each second. A frame is `idflow://qr?token=<startToken>&time=<t>&code=<c>`: ' +
      '`t` the whole seconds since the flow was created, `c` the lowercase hex HMAC-SHA256 of the decimal text of `t` ' +
      "under the UTF-8 bytes of `startSecret` (both from the create answer's `qr`).",
  })
  @ApiEnvelope({ description: 'The frame', reason: 'QR frame', schema: QR_FRAME_SCHEMA, data: QR_FRAME_EXAMPLE })
  @ApiFailure(400, 'A pushed flow, which has no QR code', new NoQrCodeError().reason)
  @ApiFailure(404, 'No such flow, or a flow of another app', 'No such flow')
  @ApiFailure(409, 'The flow was picked up or has ended', 'The flow has already been picked up by another device')
  async qr(
    @Query() query: FlowQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ frame: string; time: number }> {
    return this.flows.currentQrFrame(await this.flows.findForApp(query.request, principal.app.id));
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
