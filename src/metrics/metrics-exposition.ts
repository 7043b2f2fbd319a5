import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics } from 'prom-client';
import { Metrics } from '../common/metrics/metrics';
import { BearerToken } from '../common/http/bearer-token';
import { AppConfig } from '../config/app-config';

/** Who may read the metrics, given the settings: everyone on a port of its own, or holders of METRICS_TOKEN. */
export type ScrapeRefusal = 'off' | 'elsewhere' | 'no token' | 'wrong token';

/**
 * What `/metrics` serves and to whom: the Prometheus text of every series the modules declared, plus Node's own
 * process series (CPU, memory, event-loop delay, garbage collection) when metrics are on at all.
 */
@Injectable()
export class MetricsExposition {
  readonly contentType: string;
  private readonly token: BearerToken | undefined;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {
    this.contentType = metrics.registry.contentType;
    this.token = config.METRICS_TOKEN ? new BearerToken(config.METRICS_TOKEN) : undefined;
    if (this.token || this.ownPort !== undefined) {
      collectDefaultMetrics({ register: metrics.registry, prefix: 'idflow_' });
    }
  }

  /** METRICS_PORT, when metrics have a port of their own. */
  get ownPort(): number | undefined {
    return this.config.METRICS_PORT;
  }

  /** Why a scrape on the main port (`ownPort` false) or on the metrics port is refused, or undefined when it may read. */
  refusal(onOwnPort: boolean, authorization: string | undefined): ScrapeRefusal | undefined {
    if (!onOwnPort && this.ownPort !== undefined) return 'elsewhere';
    if (!this.token) return onOwnPort ? undefined : 'off';
    const presented = BearerToken.presentedIn(authorization);
    if (!presented) return 'no token';
    return this.token.matches(presented) ? undefined : 'wrong token';
  }

  render(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}

/** What a refused scraper is told; never the token. */
export const REFUSAL_REASONS: Record<ScrapeRefusal, string> = {
  off: 'Metrics are off: set METRICS_TOKEN, or METRICS_PORT for a port of their own',
  elsewhere: 'Metrics are served on METRICS_PORT, not on this port',
  'no token': 'The Authorization header must be Bearer <METRICS_TOKEN>',
  'wrong token': 'The metrics token is not valid',
};
