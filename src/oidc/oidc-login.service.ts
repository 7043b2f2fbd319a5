import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { Repository } from 'typeorm';
import type { Principal } from '../auth/principal';
import type { ClientContext } from '../common/client-ip/client-context';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { NotFoundError } from '../common/errors/not-found.error';
import { AppConfig } from '../config/app-config';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { FlowObserverService } from '../flows/flow-observer.service';
import { FlowsService } from '../flows/flows.service';
import {
  IdentificationCreated,
  IdentificationRequest,
  IdentificationService,
} from '../identification/identification.service';
import { BillingAccountsService } from '../billing/billing-accounts.service';
import { InsufficientBalanceError } from '../billing/errors/insufficient-balance.error';
import { TEST_PERSONS_WITH_DIGITAL_ID, TEST_PERSONS } from '../sandbox/test-persons';
import { SandboxSimulatorService } from '../sandbox/sandbox-simulator.service';
import { VirtualHolderService } from '../sandbox/virtual-holder.service';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { TenantsService } from '../tenants/tenants.service';
import { OidcAccountsService } from './oidc-accounts.service';
import { textParam } from './authorization-params';
import { loginActionOf } from './login-action';
import { loginPrincipal } from './login-principal';
import { LoginPushLimits } from './login-push-limits';
import { PAGE_START_MODE, PUSH_START_MODE } from './login-start-modes';
import { requestedClaimKeys } from './oidc-claims';
import { OidcProviderService } from './oidc-provider.service';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecord } from './oidc-record.entity';
import { qrSvg } from '../common/html/qr-svg';

/** Where a login's one charge stands: claimed by the request that charges it, then paid or refused. */
type LoginBilling = 'charging' | 'paid' | 'unpaid';

/** The identification flow a login page follows; a push to a NIN replaces the page's first (wildcard) flow. */
interface LoginPageRecord {
  flowId: string;
  verificationCode?: string;
  billing?: LoginBilling;
}

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

/** Where a login stands, as the page polls it: while pending the QR frame of this second; once over, where to go. */
export interface LoginProgress {
  state: 'pending' | 'finished';
  status: Flow['status'];
  /** The animated QR code's frame of this second, as SVG, and the frame itself for the same-device link. */
  qrSvg?: string;
  link?: string;
  verificationCode?: string;
  /** Once finished: the client's redirect URI, with the code or `error=access_denied`. */
  redirectTo?: string;
}

/**
 * How long before the login itself expires its flow must end, for the page to notice at its next poll (or event) and
 * send the browser back with `access_denied` while the provider still knows the login.
 */
const SEND_BACK_SECONDS = 60;

/**
 * The login page behind an authorization request: it starts an ordinary identification flow of the client app, for
 * the claims the scopes and `claims` parameter ask for, and finishes the provider's interaction when the flow ends:
 * approved (and paid for), the person is logged in as the app's pseudonym of them; otherwise the client gets
 * `access_denied`. Its state is kept beside the provider's, so any instance serves any poll.
 */
@Injectable()
export class OidcLoginService {
  private readonly pages: OidcRecordAdapter;

  constructor(
    @InjectRepository(OidcRecord) records: Repository<OidcRecord>,
    private readonly provider: OidcProviderService,
    private readonly tenants: TenantsService,
    private readonly identification: IdentificationService,
    private readonly flows: FlowsService,
    private readonly accounts: OidcAccountsService,
    private readonly virtualHolders: VirtualHolderService,
    private readonly simulator: SandboxSimulatorService,
    private readonly billing: BillingAccountsService,
    private readonly observer: FlowObserverService,
    private readonly pushLimits: LoginPushLimits,
    private readonly config: AppConfig,
  ) {
    this.pages = new OidcRecordAdapter('IdflowLoginPage', records);
  }

  async open(request: Request, response: Response, client: ClientContext): Promise<LoginPageView> {
    const { interaction, app } = await this.interactionOf(request, response);
    if (!(await this.pages.find(interaction.uid))) {
      const created = await this.startFlow(app, PAGE_START_MODE, this.identificationRequest(interaction), client);
      await this.remember(interaction.uid, { flowId: created.request.id });
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
    const { interaction, app } = await this.interactionOf(request, response);
    await this.pushLimits.countPagePush(interaction.uid, this.provider.interactionTtlSeconds, app.environment, nin);
    const previous = (await this.pages.find(interaction.uid)) as unknown as LoginPageRecord | undefined;
    const identification = { ...this.identificationRequest(interaction), user: nin, concealDigitalId: true };
    const created = await this.startFlow(app, PUSH_START_MODE, identification, client);
    await this.remember(interaction.uid, { flowId: created.request.id, verificationCode: created.verificationCode });
    if (previous) await this.cancelFlow(previous.flowId, app.id);
    return this.progress(request, response);
  }

  private async cancelFlow(flowId: string, appId: string): Promise<void> {
    const flow = await this.flows.find(flowId);
    if (!isTerminal(flow.status)) await this.flows.cancel(flow.id, appId);
  }

  /**
   * Sandbox apps: a test person approves through their virtual device, as their phone would: it picks up the flow
   * whose QR code the page shows, or answers the push the page sent to them.
   */
  async approveAsTestPerson(
    request: Request,
    response: Response,
    nin: string,
    client: ClientContext,
  ): Promise<LoginProgress> {
    const { interaction, app } = await this.interactionOf(request, response);
    if (app.environment !== 'sandbox' || !(await this.virtualHolders.isTestPerson(nin))) {
      throw new ForbiddenError('Only a sandbox app can approve as a test person');
    }
    const page = await this.pageOf(interaction.uid);
    await this.simulator.approve(await this.principalOf(app), page.flowId, nin, undefined, client.ip);
    return this.progress(request, response);
  }

  /** The person gave up on the page: the flow is cancelled and the client hears `access_denied`. */
  async cancel(request: Request, response: Response): Promise<LoginProgress> {
    const { interaction, app } = await this.interactionOf(request, response);
    const page = (await this.pages.find(interaction.uid)) as unknown as LoginPageRecord | undefined;
    if (page) await this.cancelFlow(page.flowId, app.id);
    const redirectTo = await this.provider.finishInteraction(request, response, {
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
    const { interaction, app } = await this.interactionOf(request, response);
    const page = await this.pageOf(interaction.uid);
    await this.observer.stream(page.flowId, app.id, response, { clientIp: client.ip, personalData: false });
  }

  /** Where the login stands; once its flow has ended, the interaction is finished and the answer says where to go. */
  async progress(request: Request, response: Response): Promise<LoginProgress> {
    const { interaction, app } = await this.interactionOf(request, response);
    const page = await this.pageOf(interaction.uid);
    const flow = await this.flows.find(page.flowId);
    if (!isTerminal(flow.status)) {
      const pending: LoginProgress = { state: 'pending', status: flow.status, verificationCode: page.verificationCode };
      if (flow.startMode === 'wildcard' && flow.deviceId === null) {
        const { frame } = await this.flows.currentQrFrame(flow);
        pending.link = frame;
        pending.qrSvg = await qrSvg(frame);
      }
      return pending;
    }
    let outcome: Parameters<OidcProviderService['finishInteraction']>[2] = {
      approved: false,
      description: `The identification was ${flow.status}`,
    };
    if (flow.status === 'completed' && flow.holderNin) {
      const billing = await this.billOnce(request, interaction.uid, page, app);
      if (billing === 'charging') return { state: 'pending', status: flow.status };
      outcome =
        billing === 'paid'
          ? { approved: true, subject: this.accounts.subjectOf(app.id, flow.holderNin), flowId: flow.id }
          : { approved: false, description: "The app's allowance and balance do not cover this login" };
    }
    const redirectTo = await this.provider.finishInteraction(request, response, outcome);
    return { state: 'finished', status: flow.status, redirectTo };
  }

  private async interactionOf(request: Request, response: Response) {
    const interaction = await this.provider.interactionDetails(request, response);
    const app = await this.tenants.findApp(String(interaction.params.client_id));
    return { interaction, app };
  }

  /**
   * The identification a login asks for. Its flow ends SEND_BACK_SECONDS before the login does, so the page can still
   * answer its expiry: a late push gets less than FLOW_TTL_SECONDS, and with under a minute left it ends at once.
   */
  private identificationRequest({
    params,
    exp,
  }: {
    params: Record<string, unknown>;
    exp: number;
  }): IdentificationRequest {
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

  /** An ordinary identification of the app; the login is billed when it completes (billOnce), not per flow. */
  private async startFlow(
    app: ConsumerApp,
    startMode: typeof PAGE_START_MODE | typeof PUSH_START_MODE,
    identification: IdentificationRequest,
    client: ClientContext,
  ): Promise<IdentificationCreated> {
    return this.identification.start(await this.principalOf(app), startMode, identification, client);
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
    if (!(await this.pages.replace(uid, { ...page }, { ...page, billing: 'charging' }))) return 'charging';
    const principal = await this.principalOf(app);
    try {
      request.billing = await this.billing.charge(principal, 'authentication');
    } catch (error) {
      const unpaid = error instanceof InsufficientBalanceError;
      // Anything else leaves the charge unclaimed, for the next poll to try again.
      await this.remember(uid, { ...page, billing: unpaid ? 'unpaid' : undefined });
      if (unpaid) return 'unpaid';
      throw error;
    }
    await this.remember(uid, { ...page, billing: 'paid' });
    request.principal = principal;
    if (request.meteredRoute) request.meteredRoute.category = 'authentication';
    return 'paid';
  }

  private async pageOf(uid: string): Promise<LoginPageRecord> {
    const page = (await this.pages.find(uid)) as unknown as LoginPageRecord | undefined;
    if (!page) throw new NotFoundError('This login page has not been opened');
    return page;
  }

  private async remember(uid: string, page: LoginPageRecord): Promise<void> {
    await this.pages.upsert(uid, { ...page }, this.provider.interactionTtlSeconds);
  }

  private async principalOf(app: ConsumerApp): Promise<Principal> {
    return loginPrincipal(app, await this.tenants.findConsumer(app.consumerId));
  }
}
