import { Injectable, Logger } from '@nestjs/common';
import { FlowEventBus } from '../flows/events/flow-event-bus';
import { isTerminal } from '../flows/flow-state';
import { FlowsService } from '../flows/flows.service';
import { CibaLogins } from './ciba-logins';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcProviderService } from './oidc-provider.service';

/**
 * How a CIBA login ends once its flow has: the provider is told (a grant for the person's pseudonym, or
 * `access_denied`), by the instance that started it as soon as it hears of the change, or else by the next poll on any
 * instance; in ping mode, by the ping queue on any instance (CibaPingQueue). An expired flow is left for the provider
 * to answer `expired_token`.
 */
@Injectable()
export class CibaSettlement {
  private readonly logger = new Logger(CibaSettlement.name);

  constructor(
    private readonly logins: CibaLogins,
    private readonly flows: FlowsService,
    private readonly bus: FlowEventBus,
    private readonly provider: OidcProviderService,
    private readonly accounts: OidcAccountsService,
  ) {}

  /** Whether the flow has ended. */
  async hasEnded(flowId: string): Promise<boolean> {
    return isTerminal((await this.flows.find(flowId)).status);
  }

  /** Settles the login as soon as this instance hears that its flow has ended; the next poll does, if it never does. */
  follow(authReqId: string, flowId: string, ttlSeconds: number): void {
    const settle = () =>
      void this.settle(authReqId).catch((error: unknown) =>
        this.logger.error({ err: error }, 'Could not settle a CIBA login; its next poll will'),
      );
    const stop = this.bus.onFlow(
      flowId,
      (event) => {
        if (!isTerminal(event.view.status)) return;
        stop();
        clearTimeout(timer);
        settle();
      },
      settle,
    );
    const timer = setTimeout(stop, ttlSeconds * 1000);
    timer.unref();
  }

  /**
   * The queued ping of a ping-mode login whose flow has ended: the provider, told the outcome, pings the app; one told
   * before (by a poll, or by an attempt whose ping failed) pings it again. Throws when the ping fails.
   */
  async ping(authReqId: string): Promise<void> {
    if (await this.settle(authReqId)) return;
    await this.provider.pingBackchannel(authReqId);
  }

  /**
   * Tells the provider how an ended flow went, once: the login's record is claimed by compare-and-set, so of the
   * instances that hear of the flow or are polled, exactly one tells it (and, in ping mode, pings the client). True
   * for that one.
   */
  async settle(authReqId: string): Promise<boolean> {
    const login = await this.logins.find(authReqId);
    if (!login || login.settled) return false;
    const flow = await this.flows.find(login.flowId);
    if (!isTerminal(flow.status) || flow.status === 'expired') return false;
    if (!(await this.logins.markSettled(authReqId, login))) return false;
    await this.provider.finishBackchannel(
      authReqId,
      flow.status === 'completed' && flow.holderNin
        ? { approved: true, subject: this.accounts.subjectOf(flow.appId, flow.holderNin), flowId: flow.id }
        : { approved: false, description: `The identification was ${flow.status}` },
    );
    return true;
  }
}
