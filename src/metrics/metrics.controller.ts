import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { NotFoundError } from '../common/errors/not-found.error';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { ApiFailure } from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { MetricsExposition, REFUSAL_REASONS } from './metrics-exposition';

@ApiTags('system')
@Controller()
export class MetricsController {
  constructor(private readonly exposition: MetricsExposition) {}

  /** Checked here rather than by a credential guard: the token is the operator's, not an integrator's. */
  @Get('metrics')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: 'Prometheus metrics, for `Authorization: Bearer <METRICS_TOKEN>` (404 when off or on METRICS_PORT)',
  })
  @ApiProduces('text/plain')
  @ApiResponse({
    status: 200,
    description: 'Every series in Prometheus text format',
    content: { 'text/plain': { schema: { type: 'string', example: 'idflow_sse_streams_open 3' } } },
  })
  @ApiFailure(401, 'No or a wrong METRICS_TOKEN', 'Unauthenticated')
  @ApiFailure(404, 'Metrics are off, or served on METRICS_PORT', 'Not found')
  async metrics(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const refusal = this.exposition.refusal(false, authorization);
    if (refusal === 'off' || refusal === 'elsewhere') throw new NotFoundError(REFUSAL_REASONS[refusal]);
    if (refusal) {
      response.setHeader('www-authenticate', 'Bearer realm="idflow-metrics"');
      throw new UnauthenticatedError(REFUSAL_REASONS[refusal]);
    }
    response.setHeader('content-type', this.exposition.contentType);
    response.setHeader('cache-control', 'no-store');
    return this.exposition.render();
  }
}
