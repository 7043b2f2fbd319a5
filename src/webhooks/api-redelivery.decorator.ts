import { applyDecorators } from '@nestjs/common';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure } from '../common/openapi/api-envelope.decorator';
import { QUEUED_DELIVERY_EXAMPLE } from './webhook-examples';
import { DELIVERY_ANSWER_SCHEMA } from './webhook.schemas';

/** What a redelivery answers, whoever asks for it (the app's integrator, or an operator for the app). */
export function ApiRedelivery(notFound: string) {
  return applyDecorators(
    Reason('Delivery queued'),
    ApiEnvelope({
      status: 201,
      description: 'The delivery, queued',
      reason: 'Delivery queued',
      schema: DELIVERY_ANSWER_SCHEMA,
      data: { delivery: QUEUED_DELIVERY_EXAMPLE },
    }),
    ApiFailure(404, notFound, 'No such webhook delivery'),
    ApiFailure(
      409,
      'An attempt of this delivery is being sent right now',
      'The delivery is being sent right now; ask again once this attempt has ended',
    ),
  );
}
