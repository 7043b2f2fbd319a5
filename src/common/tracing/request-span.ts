import { context, trace, type Attributes } from '@opentelemetry/api';
import { getRPCMetadata } from '@opentelemetry/core';

/** The attribute names idflow adds to its spans. */
export const SPAN_ATTRIBUTES = { requestId: 'idflow.request_id', flowId: 'idflow.flow_id' } as const;

/**
 * Adds attributes to the span of the HTTP request being served (the server span, so that a trace can be found by
 * request or flow id), or to the active span outside a request. Costs next to nothing when tracing is off.
 */
export function annotateRequestSpan(attributes: Attributes): void {
  const active = context.active();
  (getRPCMetadata(active)?.span ?? trace.getSpan(active))?.setAttributes(attributes);
}
