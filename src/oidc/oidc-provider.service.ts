import { AsyncLocalStorage } from 'node:async_hooks';
import { OIDC_PATH, oidcIssuer } from '../common/http/oidc-issuer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import Provider, { errors, interactionPolicy } from 'oidc-provider';
import type { Adapter, Configuration, InteractionResults, KoaContextWithOIDC } from 'oidc-provider';
import { dropUntrustedForwarding } from '../common/client-ip/untrusted-forwarding';
import { digestsEqual, sha256Hex } from '../common/crypto/digest';
import { NotFoundError } from '../common/errors/not-found.error';
import { OutboundClient } from '../common/outbound/outbound-client';
import { SecretSealer } from '../key-encryption/secret-sealer';
import { checkClientSecretsWith } from '../platform/oidc-client-secret-check';
import { AppConfig } from '../config/app-config';
import { ServiceKeyService } from '../service-key/service-key.service';
import { ID_TOKEN_SIGNING_ALGS } from '../tenants/id-token-signing-alg';
import { textParam } from './authorization-params';
import type { BackchannelLogins } from './backchannel-logins';
import { bindingMessageProblem } from './binding-message';
import { CREATE_PROMPT, IDFLOW_ACTION, loginActionProblem } from './login-action';
import { loginPrompts } from './login-prompts';
import { PAGE_START_MODE, PUSH_START_MODE } from './login-start-modes';
import { OidcAccountsService } from './oidc-accounts.service';
import { OIDC_CLAIM_SCOPES, scopeClaims } from './oidc-claims';
import {
  CIBA_GRANT_TYPE,
  OIDC_PROFILE_METADATA,
  OidcClientsService,
  PresentedClientAuth,
} from './oidc-clients.service';
import { providerFetch } from './provider-fetch';
import { renderLoggedOutPage, renderLogoutPage, renderProviderError } from './oidc-provider.pages';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecordRepository } from './oidc-record.repository';

/** The hosted login page of one authorization request, served by Nest beside the provider's own routes. */
export const INTERACTION_PATH = '/interaction';

/**
 * Lifetimes in seconds: a code is exchanged at once; a login page is open ten minutes, and each of its flows ends
 * before it does (OidcLoginService).
 */
const TTL = {
  AuthorizationCode: 60,
  AccessToken: 3600,
  IdToken: 3600,
  Interaction: 600,
  Session: 24 * 3600,
  Grant: 14 * 24 * 3600,
  RefreshToken: 14 * 24 * 3600,
};

/** How the outcome of a login reaches the provider: approved, the person and the flow they approved; else why not. */
export type LoginOutcome =
  { approved: true; subject: string; flowId: string } | { approved: false; description: string };

/**
 * The OpenID provider (panva's certified `oidc-provider`) on idflow's apps, keys, database and identification flows.
 * Authorization code flow with PKCE S256 for every client (FAPI 2.0 for the apps on that profile), and CIBA for the
 * apps that opt in; tokens are signed with the service's keys, ID tokens
 * with the algorithm each app chose.
 */
@Injectable()
export class OidcProviderService implements OnModuleInit {
  private readonly logger = new Logger(OidcProviderService.name);
  private provider: Provider;
  private handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** The request the provider is serving, for reading apps as clients by what that request presents. */
  private readonly requests = new AsyncLocalStorage<KoaContextWithOIDC>();
  private backchannel?: BackchannelLogins;

  constructor(
    private readonly config: AppConfig,
    private readonly serviceKey: ServiceKeyService,
    private readonly clients: OidcClientsService,
    private readonly accounts: OidcAccountsService,
    private readonly outbound: OutboundClient,
    private readonly sealer: SecretSealer,
    private readonly records: OidcRecordRepository,
  ) {}

  /** How long a login page may stay open: as long as the provider keeps its interaction. */
  readonly interactionTtlSeconds = TTL.Interaction;

  /** Who starts CIBA logins and answers for them; the provider refuses backchannel requests until one is set. */
  useBackchannelLogins(logins: BackchannelLogins): void {
    this.backchannel = logins;
  }

  private get backchannelLogins(): BackchannelLogins {
    if (!this.backchannel) throw new Error('No CIBA login service is registered');
    return this.backchannel;
  }

  get issuer(): string {
    return oidcIssuer(this.config.BASE_URL);
  }

  onModuleInit(): void {
    this.provider = new Provider(this.issuer, this.configuration());
    // Koa then believes X-Forwarded-* from every peer; the middleware drops them from peers TRUSTED_PROXIES does not
    // name, so only a trusted proxy moves the scheme and host the provider's endpoints and audiences are made from.
    this.provider.proxy = true;
    // The app secret is stored as its SHA-256 digest, which the provider holds as the client's secret: the author's
    // suggested hook for hashed secrets (symmetric algorithms, which would need the clear secret, are not enabled).
    checkClientSecretsWith(this.provider, (stored, presented) => digestsEqual(sha256Hex(presented), stored));
    this.provider.use((ctx, next) => this.requests.run(ctx as KoaContextWithOIDC, next));
    this.provider.use(async (ctx, next) => {
      await next();
      refuseUnauthorizedBackchannel(ctx as KoaContextWithOIDC);
      await this.slowDownEagerPolls(ctx as KoaContextWithOIDC);
    });
    this.provider.on('server_error', (_ctx: unknown, error: Error) =>
      this.logger.error({ err: error }, 'OpenID provider error'),
    );
    // A logout token is posted once, while the browser waits; an app that did not take it is told of no other way.
    // Said without the error, which names the app's URI (it may hold a token).
    this.provider.on('backchannel.error', (_ctx: unknown, _error: Error, client: { clientId: string }) =>
      this.logger.warn({ clientId: client.clientId }, 'Back-channel logout delivery failed'),
    );
    this.handler = this.provider.callback();
  }

  /** The provider's routes under OIDC_PATH; the login pages below INTERACTION_PATH go on to Nest. */
  middleware(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      // The login pages ask the provider about their interaction too, on the same request.
      dropUntrustedForwarding(request);
      if (request.path.startsWith(`${INTERACTION_PATH}/`)) return next();
      void this.handler(request, response);
    };
  }

  /**
   * The authorization request behind a login page, as the provider keeps it; its cookie ties it to this browser, so
   * another browser, or one whose login is over or expired, gets a 404.
   */
  async interactionDetails(request: Request, response: Response) {
    try {
      return await this.provider.interactionDetails(request, response);
    } catch (error) {
      if ((error as Error).name === 'SessionNotFound') throw new NotFoundError('This login has expired');
      throw error;
    }
  }

  /**
   * Finishes a login page's interaction: approved, the person is logged in with a grant of what the request asked;
   * otherwise `access_denied` goes back to the client. Answers the URL the browser goes to next.
   */
  async finishInteraction(request: Request, response: Response, outcome: LoginOutcome): Promise<string> {
    const interaction = await this.interactionDetails(request, response);
    let result: InteractionResults;
    if (outcome.approved) {
      const grantId = await this.grantFor(String(interaction.params.client_id), interaction.params, outcome);
      // The flow the person approved answered the request, whatever it asked: a login, or a signup or link (`create`).
      result = { login: { accountId: outcome.subject }, consent: { grantId }, [CREATE_PROMPT]: {} };
    } else {
      result = { error: 'access_denied', error_description: outcome.description };
    }
    return this.provider.interactionResult(request, response, result, { mergeWithLastSubmission: false });
  }

  /**
   * Gives a CIBA login its outcome: approved, a grant of what the request asked, for the client's next token request
   * (and a ping in ping mode); otherwise `access_denied`.
   */
  async finishBackchannel(authReqId: string, outcome: LoginOutcome): Promise<void> {
    const request = await this.provider.BackchannelAuthenticationRequest.find(authReqId, { ignoreExpiration: true });
    if (!request) return;
    const result = outcome.approved
      ? await this.provider.Grant.find(await this.grantFor(request.clientId as string, request.params ?? {}, outcome))
      : new errors.AccessDenied(outcome.description);
    if (result) await this.provider.backchannelResult(request, result);
  }

  /** Pings a ping-mode client again about a CIBA login whose outcome the provider already holds; throws if it fails. */
  async pingBackchannel(authReqId: string): Promise<void> {
    const request = await this.provider.BackchannelAuthenticationRequest.find(authReqId, { ignoreExpiration: true });
    if (!request) throw new Error('The CIBA login is no longer stored');
    const client = await this.provider.Client.find(request.clientId as string);
    if (!client) throw new Error('The CIBA login belongs to no client');
    await client.backchannelPing(request);
  }

  /** A grant of what an authorization or backchannel request asked for, tied to the flow the person approved. */
  private async grantFor(
    clientId: string,
    params: Record<string, unknown>,
    outcome: Extract<LoginOutcome, { approved: true }>,
  ): Promise<string> {
    const grant = new this.provider.Grant({ accountId: outcome.subject, clientId });
    grant.addOIDCScope(textParam(params, 'scope') ?? 'openid');
    const claimsParameter = textParam(params, 'claims');
    const claims = claimsParameter ? (JSON.parse(claimsParameter) as object) : undefined;
    for (const [use, members] of Object.entries(claims ?? {})) {
      if (use === 'id_token' || use === 'userinfo') grant.addOIDCClaims(Object.keys(members as object));
    }
    const grantId = await grant.save();
    await this.accounts.remember(grantId, outcome.flowId, TTL.Grant);
    return grantId;
  }

  /**
   * CIBA Core 1.0 section 11: a client that polls a pending request sooner than the interval gets `slow_down`. The
   * provider answers `authorization_pending` itself; this turns that into `slow_down` for a poll that came too soon.
   */
  private async slowDownEagerPolls(ctx: KoaContextWithOIDC): Promise<void> {
    const body = ctx.body as { error?: string } | undefined;
    if (body?.error !== 'authorization_pending' || ctx.oidc?.params?.grant_type !== CIBA_GRANT_TYPE) return;
    const authReqId = String(ctx.oidc.params.auth_req_id);
    if (await this.backchannelLogins.pollTooSoon(authReqId)) {
      const slowDown = new errors.SlowDown();
      ctx.body = { error: slowDown.error, error_description: slowDown.error_description };
    }
  }

  /** An app authenticates with whichever of its credentials the request carries: a JWT, a secret in the body or basic. */
  private presentedClientAuth(): PresentedClientAuth {
    const body = (this.requests.getStore()?.oidc?.body ?? {}) as Record<string, unknown>;
    if (body.client_assertion !== undefined) return 'private_key_jwt';
    if (body.client_secret !== undefined) return 'client_secret_post';
    return 'client_secret_basic';
  }

  private configuration(): Configuration {
    // Apps are read as clients, never written: only `find` of the Client model is ever called.
    const clientAdapter = {
      find: (id: string) => this.clients.metadata(id, this.presentedClientAuth()),
    } as unknown as Adapter;
    return {
      adapter: (name: string) =>
        name === 'Client' ? clientAdapter : new OidcRecordAdapter(name, this.records, this.sealer),
      findAccount: async (_ctx, sub, token) => {
        const account = await this.accounts.find(sub, token?.grantId);
        return { ...account, claims: () => account.claims('', '', {}, []) };
      },
      jwks: this.serviceKey.privateSigningJwks(),
      cookies: { keys: [this.serviceKey.derivedSecret('oidc-cookies')] },
      scopes: ['openid', 'offline_access', ...OIDC_CLAIM_SCOPES],
      claims: scopeClaims(),
      responseTypes: ['code'],
      pkce: { required: () => true },
      // Every refresh gives a basic app a new refresh token and ends the old one, whose reuse then revokes the grant
      // (RFC 9700 section 4.14.2). FAPI 2.0 section 5.3.2.1 asks for no rotation: a fapi2 app keeps its refresh token,
      // bound to its private_key_jwt authentication.
      rotateRefreshToken: (ctx) => ctx.oidc.client?.metadata()[OIDC_PROFILE_METADATA] !== 'fapi2',
      // The provider's check of every authorization request with its client, whether or not the parameter is present:
      // refused here, before any page opens, the error goes back to the client's redirect URI.
      extraParams: {
        [IDFLOW_ACTION]: async (ctx, _value, client) => {
          const params = ctx.oidc.params ?? {};
          const problem = loginActionProblem(params);
          if (problem) throw new errors.InvalidRequest(problem);
          const backchannel = ctx.oidc.route === 'backchannel_authentication';
          if (backchannel && !textParam(params, 'login_hint')) {
            throw new errors.InvalidRequest('login_hint, the NIN of the person to log in, is required');
          }
          // FAPI-CIBA section 5.2.2: the person must be able to tell this login from any other, by its binding message.
          const fapi2 = client?.metadata()[OIDC_PROFILE_METADATA] === 'fapi2';
          if (backchannel && fapi2 && !textParam(params, 'binding_message')) {
            throw new errors.InvalidRequest('binding_message is required of a fapi2 app');
          }
          const startMode = backchannel ? PUSH_START_MODE : PAGE_START_MODE;
          const refusal = client && (await this.clients.loginRefusal(client.clientId, startMode));
          if (refusal) throw new errors.UnauthorizedClient(refusal);
        },
      },
      // Claims in the ID token too, not only from userinfo, as the issue asks: the client is the audience of both.
      conformIdTokenClaims: false,
      enabledJWA: {
        idTokenSigningAlgValues: [...ID_TOKEN_SIGNING_ALGS],
        clientAuthSigningAlgValues: ['RS256', 'PS256'],
        // Signed by the app's own key, as its client assertions are; never with a secret, which the provider holds
        // only as a digest.
        requestObjectSigningAlgValues: ['RS256', 'PS256'],
      },
      extraClientMetadata: { properties: [OIDC_PROFILE_METADATA] },
      clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
      ttl: {
        ...TTL,
        // A CIBA login lasts as long as the identification it pushes, or less if the client asks (`requested_expiry`).
        BackchannelAuthenticationRequest: (ctx) => {
          const requested = Number(ctx.oidc.params?.requested_expiry ?? Infinity);
          return Math.min(this.config.FLOW_TTL_SECONDS, requested);
        },
      },
      features: {
        devInteractions: { enabled: false },
        // The provider's FAPI 2.0 checks, for the apps on that profile; PKCE and `iss` hold for every app, and every app
        // may push its requests (PAR), which fapi2 apps must.
        fapi: {
          enabled: true,
          profile: (_ctx, client) => (client?.metadata()[OIDC_PROFILE_METADATA] === 'fapi2' ? '2.0' : undefined),
        },
        dPoP: { enabled: true },
        pushedAuthorizationRequests: { enabled: true },
        // Signed request objects (RFC 9101), which a fapi2 app's CIBA requests must be (FAPI-CIBA section 5.2.2).
        requestObjects: { enabled: true },
        ciba: {
          enabled: true,
          deliveryModes: ['poll', 'ping'],
          processLoginHint: (ctx, nin) =>
            this.backchannelLogins.accountOf(ctx.oidc.client?.clientId as string, nin ?? ''),
          processLoginHintToken: () => {
            throw new errors.InvalidRequest('login_hint_token is not supported; send the NIN as login_hint');
          },
          // The context and user code are the client's to give: idflow apps register no user code, and the person
          // approves in their app, where the binding message and the verification code are shown.
          validateRequestContext: () => undefined,
          validateBindingMessage: (_ctx, message) => {
            const problem = message === undefined ? undefined : bindingMessageProblem(message);
            if (problem) throw new errors.InvalidBindingMessage(problem);
          },
          verifyUserCode: () => undefined,
          triggerAuthenticationDevice: (ctx, request) => this.backchannelLogins.start(ctx, request),
        },
        claimsParameter: { enabled: true },
        revocation: { enabled: true },
        introspection: { enabled: true, allowedPolicy: confidentialOwnToken },
        // Logout tokens go through the same outbound client as CIBA pings (the provider's `fetch` below).
        backchannelLogout: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: (ctx, form) => renderLogoutPage(ctx, form),
          postLogoutSuccessSource: (ctx) => renderLoggedOutPage(ctx),
        },
      },
      interactions: {
        policy: loginPrompts(interactionPolicy),
        url: (_ctx, interaction) => `${OIDC_PATH}${INTERACTION_PATH}/${interaction.uid}`,
      },
      renderError: (ctx, out) => renderProviderError(ctx, out),
      fetch: providerFetch(this.outbound),
    };
  }
}

/**
 * CIBA Core 1.0 section 13: an authenticated client not registered for CIBA is `unauthorized_client`, where the provider
 * answers `invalid_request`. The client is known once it has authenticated; an app with CIBA off lacks the grant type.
 */
function refuseUnauthorizedBackchannel(ctx: KoaContextWithOIDC): void {
  const body = ctx.body as { error?: string } | undefined;
  const client = ctx.oidc?.client;
  if (ctx.oidc?.route !== 'backchannel_authentication' || body?.error !== 'invalid_request' || !client) return;
  if (client.grantTypeAllowed(CIBA_GRANT_TYPE)) return;
  const refusal = new errors.UnauthorizedClient('this app is not registered for CIBA logins');
  ctx.body = { error: refusal.error, error_description: refusal.error_description };
}

/** Introspection is for confidential clients, and only of their own tokens. */
async function confidentialOwnToken(
  _ctx: KoaContextWithOIDC,
  client: { clientAuthMethod?: string; clientId: string },
  token: { clientId?: string },
): Promise<boolean> {
  return client.clientAuthMethod !== 'none' && token.clientId === client.clientId;
}
