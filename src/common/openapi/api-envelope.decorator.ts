import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ApiVersion } from '../envelope/envelope';

const envelopeSchema = (example: object) => ({
  type: 'object',
  required: ['status', 'reason', 'version'],
  properties: {
    status: { type: 'string', enum: ['successful', 'failed'] },
    reason: { type: 'string' },
    version: { type: 'string', enum: ['v1', 'v2'] },
    cost: { type: 'number' },
    data: { type: 'object' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { code: { type: 'string' }, path: { type: 'array', items: {} }, message: { type: 'string' } },
      },
    },
  },
  example,
});

/** Documents a successful enveloped answer with an example of its `data`. */
export function ApiEnvelope(options: {
  status?: number;
  description: string;
  reason: string;
  data: object;
  version?: ApiVersion;
}) {
  const example = {
    status: 'successful',
    reason: options.reason,
    version: options.version ?? 'v2',
    data: options.data,
  };
  return ApiResponse({
    status: options.status ?? 200,
    description: options.description,
    schema: envelopeSchema(example),
  });
}

/** Documents a failed enveloped answer. */
export function ApiFailure(status: number, description: string, reason: string, version: ApiVersion = 'v2') {
  return ApiResponse({ status, description, schema: envelopeSchema({ status: 'failed', reason, version }) });
}

export function ApiValidationFailure(
  example: { path: Array<string | number>; message: string; code?: string },
  version?: ApiVersion,
) {
  return applyDecorators(
    ApiResponse({
      status: 400,
      description: 'The request does not match the schema; `errors` lists every problem',
      schema: envelopeSchema({
        status: 'failed',
        reason: 'Validation failed',
        version: version ?? 'v2',
        errors: [{ code: example.code ?? 'invalid_type', path: example.path, message: example.message }],
      }),
    }),
  );
}

/** The plain-text 429 of spec section 7. */
export function ApiRateLimited() {
  return ApiResponse({
    status: 429,
    description: 'More than the allowed requests a minute from this client IP; see `Retry-After`',
    headers: {
      'Retry-After': { description: 'Seconds until the next request is accepted', schema: { type: 'integer' } },
    },
    content: { 'text/plain': { schema: { type: 'string', example: 'Too many requests: retry after 42 seconds' } } },
  });
}

/** The 429 of an event stream past its caps (`STREAMS_PER_FLOW`, `STREAMS_PER_APP`, `STREAMS_PER_CLIENT_IP`). */
export function ApiTooManyStreams(owners: string) {
  return ApiFailure(
    429,
    `Too many event streams open on ${owners} (\`STREAMS_PER_*\`), before the stream starts; see \`Retry-After\``,
    'Too many event streams are open for this flow; close one or retry later',
  );
}
