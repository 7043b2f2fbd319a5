import { Module } from '@nestjs/common';
import { OpenStreams } from './open-streams';
import { StreamQuota } from './stream-quota';

/** One count of open streams for the whole instance, whichever feature opens them. */
@Module({ providers: [StreamQuota, OpenStreams], exports: [OpenStreams] })
export class OpenStreamsModule {}
