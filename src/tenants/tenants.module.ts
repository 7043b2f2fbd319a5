import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseChanges } from '../common/persistence/database-changes';
import { ApiKey } from './api-key.entity';
import { ConsumerApp } from './consumer-app.entity';
import { Consumer } from './consumer.entity';
import { KeyHolderCache } from './key-holder.cache';
import { KeyUsageRecorder } from './key-usage.recorder';
import { TenantsService } from './tenants.service';

@Module({
  imports: [TypeOrmModule.forFeature([Consumer, ConsumerApp, ApiKey])],
  providers: [TenantsService, KeyHolderCache, KeyUsageRecorder, DatabaseChanges],
  exports: [TenantsService],
})
export class TenantsModule {}
