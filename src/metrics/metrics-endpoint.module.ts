import { Module } from '@nestjs/common';
import { DatabasePoolMetrics } from './database-pool.metrics';
import { MetricsController } from './metrics.controller';
import { MetricsExposition } from './metrics-exposition';
import { MetricsPortServer } from './metrics-port.server';

/** `/metrics` on the main port behind METRICS_TOKEN, or on METRICS_PORT; the series come from every module. */
@Module({
  controllers: [MetricsController],
  providers: [MetricsExposition, MetricsPortServer, DatabasePoolMetrics],
})
export class MetricsEndpointModule {}
