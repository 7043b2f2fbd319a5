import { Injectable } from '@nestjs/common';
import { errors, type BackchannelAuthenticationRequest } from 'oidc-provider';
import type { Principal } from '../auth/principal';
import { BillingAccountsService } from '../billing/billing-accounts.service';
import type { BillingCharge } from '../billing/billing-charge';
import { InsufficientBalanceError } from '../billing/errors/insufficient-balance.error';
import type { ClientContext } from '../common/client-ip/client-context';
import type { IdentificationCreated } from '../identification/identification.service';
import { IdentificationService } from '../identification/identification.service';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { TenantsService } from '../tenants/tenants.service';
import { textParam } from './authorization-params';
import { TooManyLoginPushesError } from './errors/too-many-login-pushes.error';
import { loginActionOf } from './login-action';
import { loginPrincipal } from './login-principal';
import { LoginPushLimits } from './login-push-limits';
import { PUSH_START_MODE } from './login-start-modes';
import { requestedClaimKeys } from './oidc-claims';

/** A CIBA login pushed to its person: the app, as the caller of its flow, what it was charged, and the flow. */
export interface CibaPush {
  app: ConsumerApp;
  principal: Principal;
  charge: BillingCharge;
  created: IdentificationCreated;
}

/**
 * Pushing a CIBA login to the person its `login_hint` names: an ordinary different-device identification of the
 * client's app, with the binding message as what the person's app shows beside the verification code, counted
 * against the push limits and charged as one identification before it is sent.
 */
@Injectable()
export class CibaPushes {
  constructor(
    private readonly tenants: TenantsService,
    private readonly pushLimits: LoginPushLimits,
    private readonly billing: BillingAccountsService,
    private readonly identification: IdentificationService,
  ) {}

  async push(request: BackchannelAuthenticationRequest, client: ClientContext): Promise<CibaPush> {
    const params = request.params ?? {};
    const nin = textParam(params, 'login_hint') as string;
    const app = await this.tenants.findApp(request.clientId as string);
    const principal = loginPrincipal(app, await this.tenants.findConsumer(app.consumerId));
    await this.pushLimits.countCibaPush(request.jti, request.expiration, app.id, nin).catch((error: unknown) => {
      if (error instanceof TooManyLoginPushesError) throw new errors.AccessDenied(error.message);
      throw error;
    });
    const charge = await this.charge(principal);
    try {
      const created = await this.identification.start(
        principal,
        PUSH_START_MODE,
        {
          action: loginActionOf(params),
          claims: requestedClaimKeys(String(request.scope ?? '').split(' '), textParam(params, 'claims')),
          payload: textParam(params, 'binding_message') ?? 'Log in',
          user: nin,
          ttlSeconds: request.expiration,
        },
        client,
      );
      return { app, principal, charge, created };
    } catch (error) {
      await this.billing.refund(charge);
      throw error;
    }
  }

  /** A live app that cannot pay is refused as its REST create would be, here with `access_denied`. */
  private async charge(principal: Principal): Promise<BillingCharge> {
    try {
      return await this.billing.charge(principal, 'authentication');
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw new errors.AccessDenied("The app's allowance and balance do not cover this login");
      }
      throw error;
    }
  }
}
