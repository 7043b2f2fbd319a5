import { Injectable, OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../common/scheduling/background-work';
import { AppConfig } from '../config/app-config';
import { FlowsService } from './flows.service';

export const FLOW_EXPIRY_PASS = 'flow expiry';

/**
 * Marks flows whose time is up as expired and publishes the change, so SSE streams and held polls end without waiting
 * for someone to read the flow. Every instance sweeps; each flow's move is a compare-and-set, so only one wins it.
 */
@Injectable()
export class FlowExpirySweeper implements OnModuleInit {
  constructor(
    private readonly flows: FlowsService,
    private readonly config: AppConfig,
    private readonly background: BackgroundWork,
  ) {}

  onModuleInit(): void {
    this.background.pass({
      name: FLOW_EXPIRY_PASS,
      everyMs: this.config.EXPIRY_SWEEP_SECONDS * 1000,
      run: () => this.flows.expireDue(),
      failure: 'Expiry sweep failed',
    });
  }
}
