import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { sendJson, sendText } from '../http/send-answer';
import { apiVersionOf, successEnvelope } from './envelope';

/**
 * Express as Nest drives it, except that what a JSON handler returns is sent in the success envelope of spec 2.1, with
 * the call's `cost` when it is billable, on the routes EnvelopeRouteGuard marked. The cost is read once the handler has
 * succeeded: the billing guard set it, and nothing was refunded. Raw text whose route chose its content type is written
 * as it stands.
 */
export class EnvelopingExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    const request = response.req;
    const reason = request.envelopeReason;
    if (reason === undefined) {
      if (typeof body === 'string' && sendText(statusCode ? response.status(statusCode) : response, body)) {
        return response;
      }
      return super.reply(response, body, statusCode);
    }
    const envelope = successEnvelope(reason, apiVersionOf(request.path), body, request.billing?.cost);
    if (statusCode) response.status(statusCode);
    sendJson(response, envelope);
    return response;
  }
}
