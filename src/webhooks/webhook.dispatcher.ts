import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { OutboundClient, OutboundResponse } from '../common/outbound/outbound-client';
import { BackgroundWork, type BackgroundWorker } from '../common/scheduling/background-work';
import { RetryWakeups } from '../common/scheduling/retry-wakeups';
import { AppConfig } from '../config/app-config';
import { TenantsService } from '../tenants/tenants.service';
import { afterFailedAttempt } from '../common/scheduling/retry-schedule';
import { AttemptRecord, WebhookDeliveryRepository } from './webhook-delivery.repository';
import type { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookMetrics } from './webhook-metrics';
import { signWebhook } from './webhook-signature';

/** How often each instance looks for due deliveries it was not woken for (retries, other instances' work). */
export const DELIVERY_POLL_MS = 1000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer that is read; only its status decides, a snippet goes into `lastError`. */
export const WEBHOOK_ANSWER_BYTES = 64 * 1024;
const MAX_IN_FLIGHT = 16;
const ERROR_SNIPPET_CHARACTERS = 200;

interface AttemptResult {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
}

/** `HTTP 500: <the start of the answer>`, printable characters only. */
function describeAnswer(answer: OutboundResponse): string {
  if (answer.status >= 300 && answer.status < 400) {
    return `HTTP ${answer.status}: redirects are not followed; register the final URL`;
  }
  const snippet = answer.body
    .toString('utf8', 0, ERROR_SNIPPET_CHARACTERS * 4)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, ERROR_SNIPPET_CHARACTERS);
  return snippet ? `HTTP ${answer.status}: ${snippet}` : `HTTP ${answer.status}`;
}

/**
 * Sends due webhook deliveries through the outbound guard. It claims work when woken (an enqueue committed, a
 * redelivery, a send finished, a retry came due) and every second regardless, so deliveries left pending by another
 * instance or by a restart are found. At most 16 sends are in flight per instance. On shutdown it stops claiming and
 * waits for the sends in flight; whatever is still pending is sent after the next start. It is background work: a
 * process that runs none (the CLI) sends nothing, and leaves what it queues to the server.
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit, BackgroundWorker {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private poller?: NodeJS.Timeout;
  private readonly retries = new RetryWakeups(DELIVERY_POLL_MS, () => this.wake());
  private readonly inFlight = new Set<Promise<void>>();
  private claiming?: Promise<void>;
  private claimAgain = false;
  /** Until it is started, and again once it is stopped, it claims nothing. */
  private stopped = true;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly tenants: TenantsService,
    private readonly outbound: OutboundClient,
    private readonly config: AppConfig,
    private readonly metrics: WebhookMetrics,
    private readonly background: BackgroundWork,
  ) {}

  onModuleInit(): void {
    this.background.worker('webhook deliveries', this);
  }

  start(): void {
    this.stopped = false;
    this.poller = setInterval(() => this.wake(), DELIVERY_POLL_MS);
    this.poller.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    this.retries.clear();
    await this.claiming;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due deliveries now. Cheap to call often: a claim already running just goes round once more. */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimAndSend().finally(() => {
      this.claiming = undefined;
    });
  }

  private async claimAndSend(): Promise<void> {
    do {
      this.claimAgain = false;
      const room = MAX_IN_FLIGHT - this.inFlight.size;
      if (room <= 0) return;
      let claimed: WebhookDelivery[];
      try {
        claimed = await this.deliveries.claimDue(room);
      } catch (error) {
        this.logger.error({ err: error }, 'Could not claim webhook deliveries');
        return;
      }
      // Claimed rows are sent even when shutdown began meanwhile: shutdown waits for them.
      for (const delivery of claimed) this.track(this.attempt(delivery));
      if (claimed.length === room) this.claimAgain = true;
    } while (this.claimAgain && !this.stopped);
  }

  private track(send: Promise<void>): void {
    this.inFlight.add(send);
    void send.finally(() => {
      this.inFlight.delete(send);
      this.wake();
    });
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    this.metrics.recordStart(delivery.nextAttemptAt ?? delivery.createdAt, Date.now());
    const result = await this.send(delivery);
    const now = Date.now();
    const next = result.succeeded
      ? { status: 'succeeded' as const, nextAttemptAt: null }
      : afterFailedAttempt(delivery.attempts + 1, delivery.maxAttempts, this.config.WEBHOOK_RETRY_SCHEDULE, now);
    const record: AttemptRecord = { ...next, lastStatusCode: result.statusCode, lastError: result.error };
    try {
      const recorded = await this.deliveries.record(delivery, record, now);
      if (!recorded) {
        this.logger.warn({ deliveryId: delivery.id }, 'Lost the lease of a webhook delivery before recording it');
        return;
      }
      this.metrics.recordOutcome(record);
      // The integrator's endpoint is failing: say so where an operator looks (never the URL, which may hold a token).
      if (!result.succeeded) {
        this.logger.warn(
          {
            deliveryId: delivery.id,
            attempt: delivery.attempts + 1,
            statusCode: result.statusCode,
            error: result.error,
            status: record.status,
            nextAttemptAt: record.nextAttemptAt === null ? null : new Date(record.nextAttemptAt).toISOString(),
          },
          'Webhook attempt failed',
        );
      }
      if (record.nextAttemptAt !== null && !this.stopped) this.retries.at(record.nextAttemptAt);
    } catch (error) {
      // The lease runs out and the delivery is tried again: at least once, never lost.
      this.logger.error({ err: error, deliveryId: delivery.id }, 'Could not record a webhook attempt');
    }
  }

  private async send(delivery: WebhookDelivery): Promise<AttemptResult> {
    try {
      const app = await this.tenants.findApp(delivery.appId);
      const answer = await this.outbound.request({
        url: delivery.url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signWebhook(this.tenants.webhookSecretOf(app), delivery.id, new Date(), delivery.payload),
        },
        body: delivery.payload,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: WEBHOOK_ANSWER_BYTES,
        oversize: 'truncate',
        followRedirects: false,
      });
      const succeeded = answer.status >= 200 && answer.status < 300;
      return { succeeded, statusCode: answer.status, error: succeeded ? null : describeAnswer(answer) };
    } catch (error) {
      if (error instanceof DomainError) return { succeeded: false, statusCode: null, error: error.reason };
      this.logger.error({ err: error, deliveryId: delivery.id }, 'Unexpected error sending a webhook');
      return { succeeded: false, statusCode: null, error: 'Internal error while sending' };
    }
  }
}
