import { Global, Module } from '@nestjs/common';
import { RetentionRules } from './retention-rules';
import { RetentionSweeper } from './retention.sweeper';

/** One sweeper for every module's retention rule; global, so that any module may register one. */
@Global()
@Module({ providers: [RetentionRules, RetentionSweeper], exports: [RetentionRules, RetentionSweeper] })
export class RetentionModule {}
