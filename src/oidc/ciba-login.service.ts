import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { BackchannelAuthenticationRequest, KoaContextWithOIDC } from 'oidc-provider';
import type { BackchannelLogins } from './backchannel-logins';
import { CibaLogins } from './ciba-logins';
import { CibaPingQueue } from './ciba-ping.queue';
import { CibaPollPacing } from './ciba-poll-pacing';
import { CibaPushes } from './ciba-pushes';
import { CibaSettlement } from './ciba-settlement';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcProviderService } from './oidc-provider.service';

/**
 * CIBA logins: a client names a person by NIN (`login_hint`), and idflow pushes an identification to that person's
 * devices (CibaPushes), billed and metered as one identification when the client asks. When the flow ends, the
 * provider is told (CibaSettlement); in ping mode, by the ping queue on any instance (CibaPingQueue), which survives a
 * restart. State lives beside the provider's, so any instance serves any poll.
 */
@Injectable()
export class CibaLoginService implements BackchannelLogins {
  constructor(
    provider: OidcProviderService,
    private readonly accounts: OidcAccountsService,
    private readonly pushes: CibaPushes,
    private readonly logins: CibaLogins,
    private readonly pings: CibaPingQueue,
    private readonly settlement: CibaSettlement,
    private readonly pacing: CibaPollPacing,
  ) {
    provider.useBackchannelLogins(this);
  }

  accountOf(clientId: string, nin: string): Promise<string | undefined> {
    return this.accounts.accountOf(clientId, nin);
  }

  async start(ctx: KoaContextWithOIDC, request: BackchannelAuthenticationRequest): Promise<void> {
    const authReqId = request.jti;
    const ttlSeconds = request.expiration;
    const http = ctx.req as Request;
    const { app, principal, charge, created } = await this.pushes.push(request, {
      ip: http.clientIp ?? 'unknown',
      userAgent: (ctx.get('user-agent') ?? '').slice(0, 512),
    });
    // Metered as the app's identification, under the login's own key id, like a login page's.
    http.principal = principal;
    http.billing = charge;
    http.meteredRoute = { route: `POST ${ctx.path}`, category: 'authentication' };
    const flowId = created.request.id;
    const ping = app.cibaDeliveryMode === 'ping';
    await this.logins.remember(authReqId, { flowId, ping }, ttlSeconds);
    if (ping) {
      const flowEnded = () => this.settlement.hasEnded(flowId);
      await this.pings.owe(flowId, authReqId, Date.now() + ttlSeconds * 1000, flowEnded);
    } else {
      this.settlement.follow(authReqId, flowId, ttlSeconds);
    }
    ctx.body = { ...(ctx.body as object), interval: this.pacing.intervalSeconds };
  }

  async pollTooSoon(authReqId: string): Promise<boolean> {
    const login = await this.logins.find(authReqId);
    if (!login) return false;
    if (!login.ping) {
      await this.settlement.settle(authReqId);
    } else if (await this.settlement.settle(authReqId).catch(() => false)) {
      // The provider, told the outcome by this poll, pinged the app: the queued ping is spent. Had the ping failed, the
      // queue would send it again.
      await this.pings.sent(login.flowId);
    }
    return this.pacing.tooSoon(authReqId);
  }
}
