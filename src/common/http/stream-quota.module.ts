import { Module } from '@nestjs/common';
import { StreamQuota } from './stream-quota';

/** One count of open streams for the whole instance, whichever feature opens them. */
@Module({ providers: [StreamQuota], exports: [StreamQuota] })
export class StreamQuotaModule {}
