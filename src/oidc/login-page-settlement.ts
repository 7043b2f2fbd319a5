import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { BillingAccountsService } from '../billing/billing-accounts.service';
import { InsufficientBalanceError } from '../billing/errors/insufficient-balance.error';
import type { Flow } from '../flows/flow.entity';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { LoginInteractions } from './login-interactions';
import { type LoginBilling, type LoginPageRecord, LoginPages } from './login-pages';
import type { LoginProgress } from './login-progress';
import { OidcAccountsService } from './oidc-accounts.service';
import type { LoginOutcome } from './oidc-provider.service';

/**
 * How a login page ends once its flow has: approved (and paid for), the person is logged in as the app's pseudonym of
 * them; otherwise the client gets `access_denied`.
 */
@Injectable()
export class LoginPageSettlement {
  constructor(
    private readonly interactions: LoginInteractions,
    private readonly pages: LoginPages,
    private readonly billing: BillingAccountsService,
    private readonly accounts: OidcAccountsService,
  ) {}

  /** Finishes the interaction of the page `uid`, whose flow has ended; pending while another poll is charging. */
  async settle(
    request: Request,
    response: Response,
    login: { uid: string; page: LoginPageRecord; app: ConsumerApp; flow: Flow },
  ): Promise<LoginProgress> {
    const { uid, page, app, flow } = login;
    let outcome: LoginOutcome = { approved: false, description: `The identification was ${flow.status}` };
    if (flow.status === 'completed' && flow.holderNin) {
      const billing = await this.billOnce(request, uid, page, app);
      if (billing === 'charging') return { state: 'pending', status: flow.status };
      outcome =
        billing === 'paid'
          ? { approved: true, subject: this.accounts.subjectOf(app.id, flow.holderNin), flowId: flow.id }
          : { approved: false, description: "The app's allowance and balance do not cover this login" };
    }
    const redirectTo = await this.interactions.finish(request, response, outcome);
    return { state: 'finished', status: flow.status, redirectTo };
  }

  /**
   * Bills a login once, as one identification, when it completes: opening pages and pushing cost nothing, so a
   * client_id alone cannot spend the consumer's allowance. The first poll to see the flow completed claims the charge
   * on the page's record (compare-and-set: two polls, on any instances, never both charge) and is metered as the app's
   * identification; the others wait for its outcome. A live app that cannot pay gets `access_denied`, as its REST
   * create would get 402.
   */
  private async billOnce(
    request: Request,
    uid: string,
    page: LoginPageRecord,
    app: ConsumerApp,
  ): Promise<LoginBilling> {
    if (page.billing) return page.billing;
    if (!(await this.pages.replace(uid, page, { ...page, billing: 'charging' }))) return 'charging';
    const principal = await this.interactions.principalOf(app);
    try {
      request.billing = await this.billing.charge(principal, 'authentication');
    } catch (error) {
      const unpaid = error instanceof InsufficientBalanceError;
      // Anything else leaves the charge unclaimed, for the next poll to try again.
      await this.pages.remember(uid, { ...page, billing: unpaid ? 'unpaid' : undefined });
      if (unpaid) return 'unpaid';
      throw error;
    }
    await this.pages.remember(uid, { ...page, billing: 'paid' });
    request.principal = principal;
    if (request.meteredRoute) request.meteredRoute.category = 'authentication';
    return 'paid';
  }
}
