import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ApiVersion } from '../envelope/envelope';
import { type Schema, arrayOf, integer, number, object, oneOfStrings, string } from './json-schema';
import { namedSchema } from './named-schemas';

const VERSIONS = ['v1', 'v2'];

const VALIDATION_ISSUE = namedSchema(
  'ValidationIssue',
  object({
    code: string("What kind of problem, in Zod's words: `invalid_type`, `too_small`, `unrecognized_keys` ..."),
    path: arrayOf({ oneOf: [string(), integer()] }, 'Where in the body: keys and array indexes'),
    message: string(),
  }),
);

/** Every failure's body (spec 2.1): `errors` lists each problem of a request that does not match its schema. */
const FAILED_ENVELOPE = namedSchema(
  'FailedEnvelope',
  object(
    {
      status: oneOfStrings(['failed']),
      reason: string('What went wrong, in a sentence'),
      version: oneOfStrings(VERSIONS),
      errors: arrayOf(VALIDATION_ISSUE, 'Validation failures only: every problem found'),
      data: { type: 'object', description: 'Some failures say more: readiness says which dependency is down' },
    },
    { optional: ['errors', 'data'] },
  ),
);

const successSchema = (data: Schema, example: object) => ({
  ...object(
    {
      status: oneOfStrings(['successful']),
      reason: string(),
      version: oneOfStrings(VERSIONS),
      cost: number('Billable calls only: what this call cost, in minor units'),
      data,
    },
    { optional: ['cost'] },
  ),
  example,
});

const failedSchema = (example: object) => ({ allOf: [FAILED_ENVELOPE], example });

/**
 * Enveloped answers are JSON whatever else the route produces: a plain-text or event-stream route still refuses a
 * missing credential with the envelope, before it writes anything of its own.
 */
const json = (schema: object) => ({ content: { 'application/json': { schema } } });

/** Every operation's `default` answer: any failure it does not list, a 500 included. */
export const DEFAULT_FAILURE = {
  description: 'Any other failure, an unexpected one (500) included: the failed envelope',
  ...json(FAILED_ENVELOPE),
};

/** Documents a successful enveloped answer with an example of its `data`. */
export function ApiEnvelope(options: {
  status?: number;
  description: string;
  reason: string;
  /** The named schema of `data`, declared beside the view it describes. */
  schema: Schema;
  /** An example of `data`. */
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
    ...json(successSchema(options.schema, example)),
  });
}

/** Documents a failed enveloped answer. */
export function ApiFailure(status: number, description: string, reason: string, version: ApiVersion = 'v2') {
  return ApiResponse({ status, description, ...json(failedSchema({ status: 'failed', reason, version })) });
}

export function ApiValidationFailure(
  example: { path: Array<string | number>; message: string; code?: string },
  version?: ApiVersion,
) {
  return applyDecorators(
    ApiResponse({
      status: 400,
      description: 'The request does not match the schema; `errors` lists every problem',
      ...json(
        failedSchema({
          status: 'failed',
          reason: 'Validation failed',
          version: version ?? 'v2',
          errors: [{ code: example.code ?? 'invalid_type', path: example.path, message: example.message }],
        }),
      ),
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
