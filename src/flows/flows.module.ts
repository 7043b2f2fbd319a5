import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { FlowCode } from './flow-code.entity';
import { FlowPresenter } from './flow-presenter';
import { Flow } from './flow.entity';
import { FlowsController } from './flows.controller';
import { FlowsService } from './flows.service';

@Module({
  imports: [TypeOrmModule.forFeature([Flow, FlowCode]), ServiceKeyModule],
  controllers: [FlowsController],
  providers: [FlowsService, FlowPresenter],
  exports: [FlowsService, FlowPresenter],
})
export class FlowsModule {}
