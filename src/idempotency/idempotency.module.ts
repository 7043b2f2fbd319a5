import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyRetention } from './idempotency-key-retention';
import { IdempotencyRecord } from './idempotency-record.entity';
import { IdempotencyGuard } from './idempotency.guard';
import { IdempotencyStore } from './idempotency.store';

/** Idempotency keys of creates and cancel; global, so that every module's `@Auth` routes find the guard. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyRecord])],
  providers: [IdempotencyStore, IdempotencyGuard, IdempotencyKeyRetention],
  exports: [IdempotencyGuard, IdempotencyStore],
})
export class IdempotencyModule {}
