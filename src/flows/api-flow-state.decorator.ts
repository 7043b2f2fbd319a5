import { applyDecorators } from '@nestjs/common';
import type { ApiVersion } from '../common/envelope/envelope';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { FLOW_VIEW_EXAMPLE } from './flow-examples';
import { OBSERVED_FLOW_SCHEMA } from './flow.schemas';

/** The answers of the routes that read a flow by its id (ping and the held poll): the flow, a bad id, an unknown one. */
export const ApiFlowState = (version: ApiVersion) =>
  applyDecorators(
    ApiEnvelope({
      description: 'The flow',
      reason: 'Flow state',
      version,
      schema: OBSERVED_FLOW_SCHEMA,
      data: { request: FLOW_VIEW_EXAMPLE },
    }),
    ApiValidationFailure({ path: ['request'], message: 'request must be a string' }, version),
    ApiFailure(404, 'No such flow, or a flow of another app', 'No such flow', version),
  );
