import { Injectable } from '@nestjs/common';
import type { ClientContext } from '../common/client-ip/client-context';
import { AppConfig } from '../config/app-config';
import {
  IdentificationCreated,
  IdentificationRequest,
  IdentificationService,
} from '../identification/identification.service';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { textParam } from './authorization-params';
import { loginActionOf } from './login-action';
import { LoginInteractions } from './login-interactions';
import { PAGE_START_MODE, PUSH_START_MODE } from './login-start-modes';
import { requestedClaimKeys } from './oidc-claims';

/**
 * How long before the login itself expires its flow must end, for the page to notice at its next poll (or event) and
 * send the browser back with `access_denied` while the provider still knows the login.
 */
const SEND_BACK_SECONDS = 60;

/** The interaction a login page belongs to, as far as its identification reads it. */
interface LoginInteraction {
  params: Record<string, unknown>;
  exp: number;
}

/** The identification flows of login pages: ordinary identifications of the client app. */
@Injectable()
export class LoginIdentifications {
  constructor(
    private readonly identification: IdentificationService,
    private readonly interactions: LoginInteractions,
    private readonly config: AppConfig,
  ) {}

  /**
   * Starts the identification the interaction asks for, addressed to a NIN when the page pushes; the login is billed
   * when it completes (LoginPageSettlement), not per flow.
   */
  async start(
    app: ConsumerApp,
    startMode: typeof PAGE_START_MODE | typeof PUSH_START_MODE,
    interaction: LoginInteraction,
    client: ClientContext,
    addressed: Pick<IdentificationRequest, 'user' | 'concealDigitalId'> = {},
  ): Promise<IdentificationCreated> {
    const identification = { ...this.identificationRequest(interaction), ...addressed };
    return this.identification.start(await this.interactions.principalOf(app), startMode, identification, client);
  }

  /**
   * The identification a login asks for. Its flow ends SEND_BACK_SECONDS before the login does, so the page can still
   * answer its expiry: a late push gets less than FLOW_TTL_SECONDS, and with under a minute left it ends at once.
   */
  private identificationRequest({ params, exp }: LoginInteraction): IdentificationRequest {
    const scopes = (textParam(params, 'scope') ?? '').split(' ');
    const claims = textParam(params, 'claims');
    const secondsLeft = exp - Math.floor(Date.now() / 1000) - SEND_BACK_SECONDS;
    return {
      action: loginActionOf(params),
      claims: requestedClaimKeys(scopes, claims),
      payload: 'Log in',
      ttlSeconds: Math.max(1, Math.min(this.config.FLOW_TTL_SECONDS, secondsLeft)),
    };
  }
}
