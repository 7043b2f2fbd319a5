import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseChanges } from '../common/persistence/database-changes';
import { ApiKey } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import { ConsumerApp } from './consumer-app.entity';
import { ConsumerAppRepository } from './consumer-app.repository';
import { Consumer } from './consumer.entity';
import { ConsumerRepository } from './consumer.repository';
import { KeyHolderCache } from './key-holder.cache';
import { KeyUsageRecorder } from './key-usage.recorder';
import { TenantsService } from './tenants.service';

@Module({
  imports: [TypeOrmModule.forFeature([Consumer, ConsumerApp, ApiKey])],
  providers: [
    TenantsService,
    KeyHolderCache,
    KeyUsageRecorder,
    DatabaseChanges,
    ConsumerRepository,
    ConsumerAppRepository,
    ApiKeyRepository,
  ],
  exports: [TenantsService],
})
export class TenantsModule {}
