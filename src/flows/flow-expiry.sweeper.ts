import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicPass } from '../common/scheduling/periodic-pass';
import { AppConfig } from '../config/app-config';
import { FlowsService } from './flows.service';

/**
 * Marks flows whose time is up as expired and publishes the change, so SSE streams and held polls end without waiting
 * for someone to read the flow. Every instance sweeps; each flow's move is a compare-and-set, so only one wins it.
 */
@Injectable()
export class FlowExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps: PeriodicPass<number>;

  constructor(
    flows: FlowsService,
    private readonly config: AppConfig,
  ) {
    this.sweeps = new PeriodicPass(() => flows.expireDue(), new Logger(FlowExpirySweeper.name), 'Expiry sweep failed');
  }

  onApplicationBootstrap(): void {
    this.sweeps.start(this.config.EXPIRY_SWEEP_SECONDS * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** One pass: how many flows it expired (0 when it failed, or a pass was already under way). */
  async sweepOnce(): Promise<number> {
    return (await this.sweeps.runOnce()) ?? 0;
  }
}
