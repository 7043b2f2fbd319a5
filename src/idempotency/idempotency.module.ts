import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyRetention } from './idempotency-key-retention';
import { IdempotencyRecord } from './idempotency-record.entity';
import { IdempotencyRecordRepository } from './idempotency-record.repository';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

/** Idempotency keys of creates and cancel: the interceptor AppModule lists among its global ones, and its store. */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyRecord])],
  providers: [IdempotencyRecordRepository, IdempotencyStore, IdempotencyInterceptor, IdempotencyKeyRetention],
  exports: [IdempotencyInterceptor],
})
export class IdempotencyModule {}
