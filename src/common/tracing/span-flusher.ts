import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ProxyTracerProvider, trace } from '@opentelemetry/api';

interface Flushable {
  forceFlush(): Promise<void>;
}

/**
 * Sends the spans still batched when the app closes, so that the last requests before a shutdown are traced too. The
 * tracer provider is whatever `startTracing` registered; with tracing off there is none and this does nothing.
 */
@Injectable()
export class SpanFlusher implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    const provider = trace.getTracerProvider();
    const registered = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
    if ('forceFlush' in registered) await (registered as Flushable).forceFlush();
  }
}
