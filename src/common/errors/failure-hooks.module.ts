import { Global, Module } from '@nestjs/common';
import { FailureHooks } from './failure-hooks';

/** One set of failure hooks for the whole app: the exception filter runs them, any feature may register. */
@Global()
@Module({ providers: [FailureHooks], exports: [FailureHooks] })
export class FailureHooksModule {}
