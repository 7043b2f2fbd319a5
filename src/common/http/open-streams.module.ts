import { Module } from '@nestjs/common';
import { OpenStreams } from './open-streams';
import { StreamQuota } from './stream-quota';

/** One count of open streams (and held polls) for the whole instance, whichever feature opens them. */
@Module({ providers: [StreamQuota, OpenStreams], exports: [OpenStreams, StreamQuota] })
export class OpenStreamsModule {}
