import { Global, Module } from '@nestjs/common';
import { BackgroundThreads } from './background-threads';

/** One registry of background threads for the whole app: their owners register, readiness reports them. */
@Global()
@Module({ providers: [BackgroundThreads], exports: [BackgroundThreads] })
export class BackgroundThreadsModule {}
