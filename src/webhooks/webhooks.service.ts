import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids/random-id';
import { OutboundClient } from '../common/outbound/outbound-client';
import { OutboundRefusedError } from '../common/outbound/errors/outbound-refused.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../platform/unit-of-work';
import type { DeliveryStatus } from './delivery-status';
import { DeliveryInProgressError } from './errors/delivery-in-progress.error';
import { DeliveryNotFoundError } from './errors/delivery-not-found.error';
import { attemptsAllowed } from '../common/scheduling/retry-schedule';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookDispatcher } from './webhook.dispatcher';
import type { WebhookEventType } from './webhook-event-type';
import { DEFAULT_DELIVERY_LIST_LIMIT } from './webhooks.dto';

/** One webhook to send: the event, where to, and the event's own `data`. */
export interface NewWebhook {
  appId: string;
  /** The flow's `webhook.host`. */
  url: string;
  type: WebhookEventType;
  /** The flow's `webhook.reference`, echoed in the body. */
  reference: string;
  /** The flow (`req_...`) or document (`doc_...`) the event is about; the body's `flow`. */
  flowId: string;
  /** The event's details, sent as the body's `data`. */
  data: Record<string, unknown>;
}

/** What a flow (or document) created with a webhook carries of it; the webhooks feature sits beside flows. */
export interface WebhookSubject {
  id: string;
  appId: string;
  webhookUrl: string | null;
  webhookReference: string | null;
}

/** The JSON body of every webhook. */
export interface WebhookBody {
  type: WebhookEventType;
  /** The delivery id, also the `webhook-id` header: the receiver's key for ignoring a repeat. */
  id: string;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  reference: string;
  flow: string;
  data: Record<string, unknown>;
}

export interface DeliveryFilter {
  reference?: string;
  status?: DeliveryStatus;
  limit?: number;
}

/**
 * Durable, signed webhooks (DESIGN section 9). A delivery is written in the caller's transaction, beside the state
 * change it reports, so it exists exactly when that change does; the dispatcher sends it once the transaction commits.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly outbound: OutboundClient,
    private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Queues an event to the webhook a flow was created with, as `enqueue` does; a flow created without gets none. */
  async enqueueFor(subject: WebhookSubject, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
    if (!subject.webhookUrl || !subject.webhookReference) return;
    await this.enqueue({
      appId: subject.appId,
      url: subject.webhookUrl,
      type,
      reference: subject.webhookReference,
      flowId: subject.id,
      data,
    });
  }

  /**
   * Takes the released claims out of the bodies of the flow's webhooks, sent or queued, in the caller's unit of work:
   * a wallet asked for them to be erased, and a body is kept for redelivery until the retention removes it.
   */
  async forgetClaimsOf(flowId: string): Promise<void> {
    for (const delivery of await this.deliveries.ofFlow(flowId)) {
      const body = JSON.parse(delivery.payload) as WebhookBody;
      const request = body.data.request as { claims?: unknown } | undefined;
      if (request?.claims === undefined) continue;
      request.claims = {};
      await this.deliveries.rewrite(delivery.id, JSON.stringify(body));
    }
  }

  /**
   * Queues a webhook inside the caller's unit of work and wakes the dispatcher when it commits; nothing is sent if it
   * rolls back. Outside a unit of work the row is written at once. The URL is checked when it is sent, not here: call `checkUrl` where the URL is accepted.
   */
  async enqueue(input: NewWebhook): Promise<WebhookDelivery> {
    const now = Date.now();
    const id = newId.webhookMessage();
    const body: WebhookBody = {
      type: input.type,
      id,
      timestamp: new Date(now).toISOString(),
      reference: input.reference,
      flow: input.flowId,
      data: input.data,
    };
    const delivery = await this.deliveries.insert({
      id,
      appId: input.appId,
      url: input.url,
      type: input.type,
      reference: input.reference,
      flowId: input.flowId,
      payload: JSON.stringify(body),
      status: 'pending',
      attempts: 0,
      maxAttempts: attemptsAllowed(this.config.WEBHOOK_RETRY_SCHEDULE),
      nextAttemptAt: now,
      leaseToken: null,
      leaseExpiresAt: null,
      lastError: null,
      lastStatusCode: null,
      lastAttemptAt: null,
      createdAt: now,
      updatedAt: now,
    });
    this.unitOfWork.afterCommit(() => this.dispatcher.wake());
    return delivery;
  }

  /**
   * Refuses, as a 400 issue on `webhook.host`, a webhook URL that could never be sent: not https (unless
   * `ALLOW_INSECURE_URLS`), malformed, a private or metadata address, or (with `WEBHOOK_HOST_CHECK=resolve`, the
   * default) a name that does not resolve or resolves to an address idflow does not call. Sending checks again.
   */
  async checkUrl(url: string): Promise<void> {
    try {
      if (this.config.WEBHOOK_HOST_CHECK === 'resolve') await this.outbound.checkReachable(url);
      else this.outbound.checkUrl(url);
    } catch (error) {
      if (error instanceof OutboundRefusedError) {
        throw new RequestValidationError([
          { code: 'custom', path: ['webhook', 'host'], message: `webhook.host: ${error.reason}` },
        ]);
      }
      throw error;
    }
  }

  /** The app's deliveries, newest first. */
  list(appId: string, filter: DeliveryFilter = {}): Promise<WebhookDelivery[]> {
    return this.deliveries.list(appId, { ...filter, limit: filter.limit ?? DEFAULT_DELIVERY_LIST_LIMIT });
  }

  async find(appId: string, deliveryId: string): Promise<WebhookDelivery> {
    const delivery = /^msg_[0-9A-Za-z]{1,28}$/.test(deliveryId) ? await this.deliveries.find(deliveryId) : null;
    if (!delivery || delivery.appId !== appId) throw new DeliveryNotFoundError();
    return delivery;
  }

  /**
   * Sends a delivery again now, whatever became of it. A pending one is simply brought forward; a succeeded or failed
   * one gets exactly one more attempt (if that fails it is failed again, and can be redelivered again). The id, and so
   * the `webhook-id`, stays the same: a receiver that already processed it can tell.
   */
  async redeliver(appId: string, deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await this.find(appId, deliveryId);
    if (delivery.status === 'delivering') throw new DeliveryInProgressError();
    const now = Date.now();
    const finished = delivery.status === 'succeeded' || delivery.status === 'failed';
    const queued = await this.deliveries.requeue(
      delivery,
      finished ? delivery.attempts + 1 : delivery.maxAttempts,
      now,
    );
    // The dispatcher claimed it (or another redelivery won) between the read and the write: an attempt is under way.
    // Read back before waking the dispatcher, so the answer shows the delivery as queued rather than racing its attempt.
    if (!queued) throw new DeliveryInProgressError();
    this.dispatcher.wake();
    return queued;
  }
}
