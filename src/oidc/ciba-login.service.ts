import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { errors, type BackchannelAuthenticationRequest, type KoaContextWithOIDC } from 'oidc-provider';
import { Repository } from 'typeorm';
import { BillingAccountsService } from '../billing/billing-accounts.service';
import type { BillingCharge } from '../billing/billing-charge';
import { InsufficientBalanceError } from '../billing/errors/insufficient-balance.error';
import { AppConfig } from '../config/app-config';
import { DevicesService } from '../devices/devices.service';
import { FlowEventBus } from '../flows/events/flow-event-bus';
import { isTerminal } from '../flows/flow-state';
import { FlowsService } from '../flows/flows.service';
import { IdentificationService } from '../identification/identification.service';
import { TenantsService } from '../tenants/tenants.service';
import { textParam } from './authorization-params';
import type { BackchannelLogins } from './backchannel-logins';
import { CibaPingQueue } from './ciba-ping.queue';
import { TooManyLoginPushesError } from './errors/too-many-login-pushes.error';
import { loginActionOf } from './login-action';
import { loginPrincipal } from './login-principal';
import { LoginPushLimits } from './login-push-limits';
import { PUSH_START_MODE } from './login-start-modes';
import { OidcAccountsService } from './oidc-accounts.service';
import { requestedClaimKeys } from './oidc-claims';
import { OidcProviderService } from './oidc-provider.service';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecord } from './oidc-record.entity';

/** The flow a CIBA login pushed, whether its app is pinged (CibaPingQueue), and whether the provider has been told. */
interface CibaLoginRecord {
  flowId: string;
  ping?: boolean;
  settled?: boolean;
}

/** When a pending CIBA login was last polled. */
interface CibaPollRecord {
  at: number;
}

/**
 * CIBA logins: a client names a person by NIN (`login_hint`), and idflow starts an ordinary different-device
 * identification of the client's app, pushed to that person's devices, with the binding message as what the person's
 * app shows beside the verification code. It is billed and metered as one identification when the client asks. When
 * the flow ends, the provider is told (a grant for the person's pseudonym, or `access_denied`), by the instance that
 * started it as soon as it hears of the change, or else by the next poll on any instance; in ping mode, by the ping
 * queue on any instance (CibaPingQueue), which survives a restart. An expired flow is left for the provider to answer
 * `expired_token`. State lives beside the provider's, so any instance serves any poll.
 */
@Injectable()
export class CibaLoginService implements BackchannelLogins {
  private readonly logger = new Logger(CibaLoginService.name);
  private readonly logins: OidcRecordAdapter;
  private readonly polls: OidcRecordAdapter;

  constructor(
    @InjectRepository(OidcRecord) records: Repository<OidcRecord>,
    private readonly provider: OidcProviderService,
    private readonly tenants: TenantsService,
    private readonly devices: DevicesService,
    private readonly identification: IdentificationService,
    private readonly flows: FlowsService,
    private readonly bus: FlowEventBus,
    private readonly accounts: OidcAccountsService,
    private readonly billing: BillingAccountsService,
    private readonly pushLimits: LoginPushLimits,
    private readonly pings: CibaPingQueue,
    private readonly config: AppConfig,
  ) {
    this.logins = new OidcRecordAdapter('IdflowCibaLogin', records);
    this.polls = new OidcRecordAdapter('IdflowCibaPoll', records);
    provider.useBackchannelLogins(this);
  }

  async accountOf(clientId: string, nin: string): Promise<string | undefined> {
    const app = await this.tenants.findApp(clientId);
    if (!(await this.devices.hasDigitalId(nin, app.environment))) return undefined;
    return this.accounts.subjectOf(app.id, nin);
  }

  async start(ctx: KoaContextWithOIDC, request: BackchannelAuthenticationRequest): Promise<void> {
    const params = request.params ?? {};
    const nin = textParam(params, 'login_hint') as string;
    const authReqId = request.jti;
    const app = await this.tenants.findApp(request.clientId as string);
    const principal = loginPrincipal(app, await this.tenants.findConsumer(app.consumerId));
    const ttlSeconds = request.expiration;
    await this.pushLimits.countCibaPush(authReqId, ttlSeconds, app.id, nin).catch((error: unknown) => {
      if (error instanceof TooManyLoginPushesError) throw new errors.AccessDenied(error.message);
      throw error;
    });
    const charge = await this.charge(principal);
    const http = ctx.req as Request;
    let created;
    try {
      created = await this.identification.start(
        principal,
        PUSH_START_MODE,
        {
          action: loginActionOf(params),
          claims: requestedClaimKeys(String(request.scope ?? '').split(' '), textParam(params, 'claims')),
          payload: textParam(params, 'binding_message') ?? 'Log in',
          user: nin,
          ttlSeconds,
        },
        { ip: http.clientIp ?? 'unknown', userAgent: (ctx.get('user-agent') ?? '').slice(0, 512) },
      );
    } catch (error) {
      await this.billing.refund(charge);
      throw error;
    }
    // Metered as the app's identification, under the login's own key id, like a login page's.
    http.principal = principal;
    http.billing = charge;
    http.meteredRoute = { route: `POST ${ctx.path}`, category: 'authentication' };
    const flowId = created.request.id;
    const ping = app.cibaDeliveryMode === 'ping';
    await this.logins.upsert(authReqId, { flowId, ping } satisfies CibaLoginRecord, ttlSeconds);
    if (ping) {
      const flowEnded = async () => isTerminal((await this.flows.find(flowId)).status);
      await this.pings.owe(flowId, authReqId, Date.now() + ttlSeconds * 1000, flowEnded);
    } else {
      this.follow(authReqId, flowId, ttlSeconds);
    }
    ctx.body = { ...(ctx.body as object), interval: this.config.OIDC_CIBA_POLL_INTERVAL_SECONDS };
  }

  async pollTooSoon(authReqId: string): Promise<boolean> {
    const login = (await this.logins.find(authReqId)) as unknown as CibaLoginRecord | undefined;
    if (!login) return false;
    if (!login.ping) {
      await this.settle(authReqId);
    } else if (await this.settle(authReqId).catch(() => false)) {
      // The provider, told the outcome by this poll, pinged the app: the queued ping is spent. Had the ping failed, the
      // queue would send it again.
      await this.pings.sent(login.flowId);
    }
    // CIBA Core 1.0 section 7.3: the interval is what a client waits between polls, and the least it may.
    const interval = this.config.OIDC_CIBA_POLL_INTERVAL_SECONDS;
    const now = Date.now();
    const previous = (await this.polls.find(authReqId)) as unknown as CibaPollRecord | undefined;
    await this.polls.upsert(authReqId, { at: now } satisfies CibaPollRecord, interval * 2);
    return previous !== undefined && now - previous.at < interval * 1000;
  }

  /** A live app that cannot pay is refused as its REST create would be, here with `access_denied`. */
  private async charge(principal: Parameters<BillingAccountsService['charge']>[0]): Promise<BillingCharge> {
    try {
      return await this.billing.charge(principal, 'authentication');
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw new errors.AccessDenied("The app's allowance and balance do not cover this login");
      }
      throw error;
    }
  }

  /** Settles the login as soon as this instance hears that its flow has ended; the next poll does, if it never does. */
  private follow(authReqId: string, flowId: string, ttlSeconds: number): void {
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
  private async settle(authReqId: string): Promise<boolean> {
    const login = (await this.logins.find(authReqId)) as unknown as CibaLoginRecord | undefined;
    if (!login || login.settled) return false;
    const flow = await this.flows.find(login.flowId);
    if (!isTerminal(flow.status) || flow.status === 'expired') return false;
    if (!(await this.logins.replace(authReqId, { ...login }, { ...login, settled: true }))) return false;
    await this.provider.finishBackchannel(
      authReqId,
      flow.status === 'completed' && flow.holderNin
        ? { approved: true, subject: this.accounts.subjectOf(flow.appId, flow.holderNin), flowId: flow.id }
        : { approved: false, description: `The identification was ${flow.status}` },
    );
    return true;
  }
}
