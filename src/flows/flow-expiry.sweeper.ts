import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FlowsService } from './flows.service';

/**
 * Marks flows whose time is up as expired and publishes the change, so SSE streams and held polls end without waiting
 * for someone to read the flow. Every instance sweeps; each flow's move is a compare-and-set, so only one wins it.
 */
@Injectable()
export class FlowExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FlowExpirySweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly flows: FlowsService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepOnce(), this.config.EXPIRY_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; a pass still running is not doubled. */
  async sweepOnce(): Promise<number> {
    if (this.running) return 0;
    let expired = 0;
    this.running = this.flows
      .expireDue()
      .then((count) => {
        expired = count;
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'Expiry sweep failed'))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
    return expired;
  }
}
