import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Principal } from '../auth/principal';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { TenantsService } from '../tenants/tenants.service';
import { loginPrincipal } from './login-principal';
import { type LoginOutcome, OidcProviderService } from './oidc-provider.service';

/** The provider's interaction behind a login page, and the app that asked for it. */
@Injectable()
export class LoginInteractions {
  constructor(
    private readonly provider: OidcProviderService,
    private readonly tenants: TenantsService,
  ) {}

  /** How long a login page is open, in seconds. */
  get ttlSeconds(): number {
    return this.provider.interactionTtlSeconds;
  }

  /** The interaction this browser's request belongs to, and its client app. */
  async of(request: Request, response: Response) {
    const interaction = await this.provider.interactionDetails(request, response);
    const app = await this.tenants.findApp(String(interaction.params.client_id));
    return { interaction, app };
  }

  /** Tells the provider how the login went; answers where the browser goes next. */
  finish(request: Request, response: Response, outcome: LoginOutcome): Promise<string> {
    return this.provider.finishInteraction(request, response, outcome);
  }

  /** The app as the caller of its logins' flows. */
  async principalOf(app: ConsumerApp): Promise<Principal> {
    return loginPrincipal(app, await this.tenants.findConsumer(app.consumerId));
  }
}
