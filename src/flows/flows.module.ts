import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpenStreamsModule } from '../common/http/open-streams.module';
import Redis from 'ioredis';
import { RedisChannels } from '../redis/redis-channels';
import { REDIS_CLIENT } from '../redis/redis.constants';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { DevicesModule } from '../devices/devices.module';
import { Metrics } from '../common/metrics/metrics';
import { FlowEventBus, eventBusLag } from './events/flow-event-bus';
import { FlowMetrics } from './flow-metrics';
import { FlowRetention } from './flow-retention';
import { RevokedDeviceFlows } from './revoked-device-flows';
import { QrStarts } from './qr-starts';
import { InProcessFlowEventBus } from './events/in-process.flow-event-bus';
import { RedisFlowEventBus } from './events/redis.flow-event-bus';
import { FlowCode } from './flow-code.entity';
import { FlowExpirySweeper } from './flow-expiry.sweeper';
import { FlowObservationController } from './flow-observation.controller';
import { FlowObserverService } from './flow-observer.service';
import { FlowTransitionHooks } from './flow-transition.hooks';
import { FlowPushHooks } from './flow-push.hooks';
import { FlowPresenter } from './flow.presenter';
import { Flow } from './flow.entity';
import { AuthorizeController } from './authorize.controller';
import { FlowsController } from './flows.controller';
import { FlowsService } from './flows.service';
import { FlowPublisher } from './flow-publisher';
import { FlowRepository } from './flow.repository';
import { FlowKindRegistry } from './kinds/flow-kind.registry';
import { UnitOfWork } from '../platform/unit-of-work';

@Module({
  imports: [TypeOrmModule.forFeature([Flow, FlowCode]), ServiceKeyModule, OpenStreamsModule, DevicesModule],
  controllers: [FlowsController, FlowObservationController, AuthorizeController],
  providers: [
    FlowsService,
    FlowPublisher,
    FlowRepository,
    FlowPresenter,
    FlowObserverService,
    FlowExpirySweeper,
    FlowTransitionHooks,
    FlowPushHooks,
    FlowKindRegistry,
    FlowMetrics,
    FlowRetention,
    RevokedDeviceFlows,
    QrStarts,
    UnitOfWork,
    {
      provide: FlowEventBus,
      inject: [REDIS_CLIENT, RedisChannels, Metrics],
      useFactory: (
        redis: Redis | null,
        channels: RedisChannels,
        metrics: Metrics,
      ): Promise<FlowEventBus> | FlowEventBus => {
        const lag = eventBusLag(metrics);
        return redis ? RedisFlowEventBus.connect(redis, channels, lag) : new InProcessFlowEventBus(lag);
      },
    },
  ],
  exports: [
    FlowsService,
    FlowPresenter,
    FlowEventBus,
    FlowTransitionHooks,
    FlowPushHooks,
    FlowKindRegistry,
    FlowObserverService,
  ],
})
export class FlowsModule {}
