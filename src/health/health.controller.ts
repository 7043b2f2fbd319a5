import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { Public } from '../common/route-access/public.decorator';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { RawResponse, Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure } from '../common/openapi/api-envelope.decorator';
import { NotReadyError } from './errors/not-ready.error';
import { LIVENESS_SCHEMA, READINESS_SCHEMA } from './health.schemas';
import { Readiness, ReadinessService } from './readiness.service';

const plainText = (example: string) => ({ 'text/plain': { schema: { type: 'string', example } } });

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('api/health/check')
  @Auth(ROUTE_CREDENTIALS.system)
  @RawResponse()
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'Health check (spec 4.1): plain `OK`' })
  @ApiProduces('text/plain')
  @ApiResponse({ status: 200, description: 'The service is up', content: plainText('OK') })
  health(): string {
    return 'OK';
  }

  @Get()
  @Auth(ROUTE_CREDENTIALS.system)
  @RawResponse()
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'Root (spec 4.1): says that the server may receive requests' })
  @ApiProduces('text/plain')
  @ApiResponse({
    status: 200,
    description: 'The service is up',
    content: plainText('idflow is running and may receive requests'),
  })
  root(): string {
    return 'idflow is running and may receive requests';
  }

  /**
   * Liveness for orchestrators: the process answers HTTP. It checks no dependency, so a database outage takes the
   * instance out of rotation (readiness) without restarting it. Exempt from the rate limit (RateLimit's
   * UNLIMITED_PATHS), as readiness is.
   */
  @Get('api/health/live')
  @Public()
  @Reason('Alive')
  @ApiOperation({ summary: 'Liveness for orchestrators: the process answers; no dependency is checked' })
  @ApiEnvelope({ description: 'Alive', reason: 'Alive', schema: LIVENESS_SCHEMA, data: { alive: true } })
  live(): { alive: true } {
    return { alive: true };
  }

  /** Probed by orchestrators many times a minute from one address, so exempt from the rate limit. */
  @Get('api/health/ready')
  @Public()
  @Reason('Ready')
  @ApiOperation({ summary: 'Readiness for orchestrators: the database, and Redis when configured, answer' })
  @ApiEnvelope({
    description: 'Ready',
    reason: 'Ready',
    schema: READINESS_SCHEMA,
    data: { ready: true, database: 'up', redis: 'not configured', checkpointer: 'up' },
  })
  @ApiFailure(503, 'A dependency is down; `data` says which', 'Not ready')
  async ready(): Promise<Readiness> {
    const readiness = await this.readiness.check();
    if (!readiness.ready) throw new NotReadyError(readiness);
    return readiness;
  }
}
