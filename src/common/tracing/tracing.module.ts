import { Module } from '@nestjs/common';
import { SpanFlusher } from './span-flusher';

/** The app's side of tracing (the SDK itself is started by `main.ts` before the app is loaded). */
@Module({ providers: [SpanFlusher] })
export class TracingModule {}
