import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { LATENCY_BUCKETS, Metrics } from '../common/metrics/metrics';
import type { AttemptRecord, Backlog } from './webhook-delivery.repository';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';

const OUTCOMES: Record<AttemptRecord['status'], string> = {
  succeeded: 'succeeded',
  pending: 'retrying',
  failed: 'failed',
};

/**
 * Webhook attempts by outcome and how late each started after it came due, from this instance; the backlog (due and
 * not being sent, and the age of the oldest) is read from the shared table when scraped, so every instance reports it.
 */
@Injectable()
export class WebhookMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly lateness: Histogram;

  constructor(metrics: Metrics, deliveries: WebhookDeliveryRepository) {
    this.attempts = metrics.counter({
      name: 'idflow_webhook_attempts_total',
      help: 'Webhook delivery attempts, by outcome: succeeded, retrying (a retry is scheduled) or failed (for good)',
      labelNames: ['outcome'],
    });
    this.lateness = metrics.histogram({
      name: 'idflow_webhook_queue_wait_seconds',
      help: 'Time from a webhook delivery (or its retry) coming due to its attempt starting',
      buckets: LATENCY_BUCKETS,
    });
    // Both backlog gauges are read in one scrape: they share one query, the one in flight.
    let inFlight: Promise<Backlog> | undefined;
    const backlog = () =>
      (inFlight ??= deliveries.backlog().finally(() => {
        inFlight = undefined;
      }));
    metrics.gauge({
      name: 'idflow_webhook_backlog',
      help: 'Webhook deliveries due and not being sent (all instances)',
      async collect() {
        this.set((await backlog()).due);
      },
    });
    metrics.gauge({
      name: 'idflow_webhook_backlog_age_seconds',
      help: 'How long the longest-waiting due webhook delivery has waited (0 when none is due)',
      async collect() {
        const { oldestDueAt } = await backlog();
        this.set(oldestDueAt === null ? 0 : Math.max(0, Date.now() - oldestDueAt) / 1000);
      },
    });
  }

  recordStart(dueAt: number, now: number): void {
    this.lateness.observe(Math.max(0, now - dueAt) / 1000);
  }

  recordOutcome(record: AttemptRecord): void {
    this.attempts.inc({ outcome: OUTCOMES[record.status] });
  }
}
