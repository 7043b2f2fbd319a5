import { ApiFlowState } from './api-flow-state.decorator';
import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import type { ApiVersion } from '../common/envelope/envelope';
import { RawResponse, Reason } from '../common/envelope/envelope.decorator';
import { headerValue } from '../common/http/header-value';
import { ApiFailure, ApiTooManyStreams } from '../common/openapi/api-envelope.decorator';
import { Versioned } from '../platform/versioned.decorator';
import { FLOW_VIEW_EXAMPLE } from './flow-examples';
import { FlowObserverService } from './flow-observer.service';
import type { ObservedView } from './flow-view';
import { FlowReferenceDto } from './flow-reference.dto';
import { FlowQueryDto } from './flow-query.dto';
import { FlowsService } from './flows.service';

const PollingDocs = (version: ApiVersion) =>
  applyDecorators(
    ApiOperation({
      summary: 'Legacy held connection: answers when the flow ends, or with its current state after POLL_HOLD_SECONDS',
    }),
    ApiFlowState(version),
    ApiFailure(
      429,
      'Too many polls held on this flow, app or client IP (`STREAMS_PER_*`, counted apart from streams); see `Retry-After`',
      'Too many held polls are open for this client IP; close one or retry later',
    ),
  );

/** Watching a flow without polling in a loop: the SSE stream and the legacy held connection (spec 4.4). */
@ApiTags('flow')
@Controller('api')
export class FlowObservationController {
  constructor(
    private readonly flows: FlowsService,
    private readonly observer: FlowObserverService,
  ) {}

  @Get('v2/flow/sse')
  @Auth(ROUTE_CREDENTIALS.flow.v2.sse)
  @RawResponse()
  @ApiOperation({
    summary: 'Server-sent events: the ping envelope at once, on every change and every 2 seconds, until the flow ends',
  })
  @ApiProduces('text/event-stream')
  @ApiResponse({
    status: 200,
    description: 'A stream of `data: <ping envelope>` events; it ends after the terminal event',
    content: {
      'text/event-stream': {
        example: `data: ${JSON.stringify({ status: 'successful', reason: 'Flow state', version: 'v2', data: { request: FLOW_VIEW_EXAMPLE } })}\n\n`,
      },
    },
  })
  @ApiFailure(404, 'No such flow, or a flow of another app (answered before the stream starts)', 'No such flow')
  @ApiTooManyStreams('this flow, app or client IP')
  async sse(
    @Query() query: FlowQueryDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // The guards checked the secret when one was given: its presence is what entitles the caller to personal data.
    await this.observer.stream(query.request, principal.app.id, response, {
      clientIp: client.ip,
      personalData: headerValue(request, CREDENTIAL_HEADERS.secret) !== undefined,
    });
  }

  @Versioned(['v2', 'v1'], (version) =>
    applyDecorators(
      Post(`${version}/flow/polling`),
      Auth(ROUTE_CREDENTIALS.flow[version].polling),
      PollingDocs(version),
    ),
  )
  @HttpCode(200)
  @Reason('Flow state')
  polling(
    @Body() body: FlowReferenceDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ request: ObservedView } | undefined> {
    return this.hold(body.request, principal, client, response);
  }

  private async hold(
    flowId: string,
    principal: Principal,
    client: ClientContext,
    response: Response,
  ): Promise<{ request: ObservedView } | undefined> {
    const flow = await this.flows.findForApp(flowId, principal.app.id);
    const view = await this.observer.hold(flow, response, client.ip);
    return view ? { request: view } : undefined;
  }
}
