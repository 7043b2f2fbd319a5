import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ClaimedPing, CibaPingQueue } from './ciba-ping.queue';
import { CibaSettlement } from './ciba-settlement';

/** How often each instance looks for due pings: those made due by any instance, and retries. */
const POLL_MS = 1000;
const MAX_PER_ROUND = 16;

/**
 * Sends the pings CIBA apps in ping mode are owed, from the queue: each attempt tells the provider the login's outcome
 * (the provider pings as it records it) or, when it knew already, pings again. On shutdown it stops claiming and waits
 * for the round under way; a ping claimed and cut short is claimed again once its lease runs out.
 */
@Injectable()
export class CibaPingDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CibaPingDispatcher.name);
  private poller?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly queue: CibaPingQueue,
    private readonly settlement: CibaSettlement,
  ) {}

  onApplicationBootstrap(): void {
    this.poller = setInterval(() => this.wake(), POLL_MS);
    this.poller.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    await this.round;
  }

  private wake(): void {
    if (this.stopped || this.round) return;
    this.round = this.sendDue().finally(() => {
      this.round = undefined;
    });
  }

  private async sendDue(): Promise<void> {
    try {
      const claimed = await this.queue.claimDue(MAX_PER_ROUND);
      await Promise.all(claimed.map((ping) => this.attempt(ping)));
    } catch (error) {
      this.logger.error({ err: error }, 'Could not claim CIBA pings');
    }
  }

  private async attempt(ping: ClaimedPing): Promise<void> {
    let succeeded = true;
    try {
      await this.settlement.ping(ping.authReqId);
    } catch {
      succeeded = false;
      // Said where an operator looks, without the error: it names the endpoint, whose URL may hold a token.
      this.logger.warn({ flowId: ping.flowId, attempt: ping.attempts }, 'CIBA ping attempt failed');
    }
    await this.queue
      .record(ping, succeeded)
      .catch((error: unknown) =>
        this.logger.error({ err: error, flowId: ping.flowId }, 'Could not record a CIBA ping attempt'),
      );
  }
}
