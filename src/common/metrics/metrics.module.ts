import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** One registry for the whole app, so that any module may declare its series without importing anything else. */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
