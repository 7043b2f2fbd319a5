import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ClientContext } from '../common/client-ip/client-context';
import { qrSvg } from '../common/html/qr-svg';
import { FlowObserverService } from '../flows/flow-observer.service';
import { isTerminal } from '../flows/flow-state';
import { FlowsService } from '../flows/flows.service';
import { TEST_PERSONS_WITH_DIGITAL_ID, TEST_PERSONS } from '../sandbox/test-persons';
import { textParam } from './authorization-params';
import { LoginIdentifications } from './login-identifications';
import { LoginInteractions } from './login-interactions';
import { LoginPageSettlement } from './login-page-settlement';
import { LoginPages } from './login-pages';
import type { LoginProgress } from './login-progress';
import { LoginPushLimits } from './login-push-limits';
import { PAGE_START_MODE, PUSH_START_MODE } from './login-start-modes';

/** What the login page shows when it is opened. */
export interface LoginPageView {
  uid: string;
  appName: string;
  /** A NIN from `login_hint`, to pre-fill the push field. */
  loginHint?: string;
  /** Sandbox apps: the test persons to approve as, through their virtual devices. */
  testPersons: Array<{ nin: string; name: string }>;
  progress: LoginProgress;
}

/**
 * The login page behind an authorization request: it starts an ordinary identification flow of the client app, for
 * the claims the scopes and `claims` parameter ask for, and finishes the provider's interaction when the flow ends
 * (LoginPageSettlement). Its state is kept beside the provider's, so any instance serves any poll.
 */
@Injectable()
export class OidcLoginService {
  constructor(
    private readonly interactions: LoginInteractions,
    private readonly pages: LoginPages,
    private readonly identifications: LoginIdentifications,
    private readonly flows: FlowsService,
    private readonly settlement: LoginPageSettlement,
    private readonly observer: FlowObserverService,
    private readonly pushLimits: LoginPushLimits,
  ) {}

  async open(request: Request, response: Response, client: ClientContext): Promise<LoginPageView> {
    const { interaction, app } = await this.interactions.of(request, response);
    if (!(await this.pages.find(interaction.uid))) {
      const created = await this.identifications.start(app, PAGE_START_MODE, interaction, client);
      await this.pages.remember(interaction.uid, { flowId: created.request.id });
    }
    const hint = textParam(interaction.params, 'login_hint') ?? '';
    return {
      uid: interaction.uid,
      appName: app.name,
      loginHint: /^[0-9A-Za-z-]{11,32}$/.test(hint) ? hint : undefined,
      testPersons:
        app.environment === 'sandbox'
          ? TEST_PERSONS.filter((person) => TEST_PERSONS_WITH_DIGITAL_ID.includes(person.nin)).map(({ nin, name }) => ({
              nin,
              name,
            }))
          : [],
      progress: await this.progress(request, response),
    };
  }

  /**
   * Pushes the login to a NIN's registered devices instead; the person then approves in their app. The page follows
   * the pushed flow from now on; the one it followed before is cancelled, so no scan can win it. Anyone may open a
   * login page, so the answer is the same whether the NIN has a digital ID or not: without one, the flow reaches no
   * device and the login waits until it expires.
   */
  async push(request: Request, response: Response, nin: string, client: ClientContext): Promise<LoginProgress> {
    const { interaction, app } = await this.interactions.of(request, response);
    await this.pushLimits.countPagePush(interaction.uid, this.interactions.ttlSeconds, app.environment, nin);
    const previous = await this.pages.find(interaction.uid);
    const created = await this.identifications.start(app, PUSH_START_MODE, interaction, client, {
      user: nin,
      concealDigitalId: true,
    });
    await this.pages.remember(interaction.uid, {
      flowId: created.request.id,
      verificationCode: created.verificationCode,
    });
    if (previous) await this.cancelFlow(previous.flowId, app.id);
    return this.progress(request, response);
  }

  private async cancelFlow(flowId: string, appId: string): Promise<void> {
    const flow = await this.flows.find(flowId);
    if (!isTerminal(flow.status)) await this.flows.cancel(flow.id, appId);
  }

  /** The person gave up on the page: the flow is cancelled and the client hears `access_denied`. */
  async cancel(request: Request, response: Response): Promise<LoginProgress> {
    const { interaction, app } = await this.interactions.of(request, response);
    const page = await this.pages.find(interaction.uid);
    if (page) await this.cancelFlow(page.flowId, app.id);
    const redirectTo = await this.interactions.finish(request, response, {
      approved: false,
      description: 'The person cancelled the login',
    });
    return { state: 'finished', status: 'cancelled', redirectTo };
  }

  /**
   * Streams the changes of the flow the page follows (server-sent events, without personal data), so that the page
   * asks for its progress the moment the person approves; its once-a-second progress call stays as the fallback.
   */
  async stream(request: Request, response: Response, client: ClientContext): Promise<void> {
    const { interaction, app } = await this.interactions.of(request, response);
    const page = await this.pages.pageOf(interaction.uid);
    await this.observer.stream(page.flowId, app.id, response, { clientIp: client.ip, personalData: false });
  }

  /** Where the login stands; once its flow has ended, the interaction is finished and the answer says where to go. */
  async progress(request: Request, response: Response): Promise<LoginProgress> {
    const { interaction, app } = await this.interactions.of(request, response);
    const page = await this.pages.pageOf(interaction.uid);
    const flow = await this.flows.find(page.flowId);
    if (isTerminal(flow.status)) {
      return this.settlement.settle(request, response, { uid: interaction.uid, page, app, flow });
    }
    const pending: LoginProgress = { state: 'pending', status: flow.status, verificationCode: page.verificationCode };
    if (flow.startMode === 'wildcard' && flow.deviceId === null) {
      const { frame } = await this.flows.currentQrFrame(flow);
      pending.link = frame;
      pending.qrSvg = await qrSvg(frame);
    }
    return pending;
  }
}
