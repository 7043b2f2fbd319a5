import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { CallbackContext, Jwk } from '@openid4vc/oauth2';
import type { Openid4vpAuthorizationRequest, Openid4vpAuthorizationRequestDcApi } from '@openid4vc/openid4vp';
import {
  CompactSign,
  type JWK,
  calculateJwkThumbprint,
  compactDecrypt,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
} from 'jose';
import { ClaimReleaseService } from '../claims/claim-release.service';
import { AppConfig } from '../config/app-config';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { type FlowChanges, FlowsService } from '../flows/flows.service';
import { SignatureReceiptsService } from '../signatures/signature-receipts.service';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { TenantsService } from '../tenants/tenants.service';
import { EudiCredentialsService } from './eudi-credentials.service';
import { PresentationRefusedError } from './errors/presentation-refused.error';
import { UnprovableClaimsError } from './errors/unprovable-claims.error';
import { UnreadableResponseError } from './errors/unreadable-response.error';
import { walletRefusalOf } from './wallet-error-response';
import { DC_API_PROTOCOL, OPENID4VP_PATHS, STATIC_WALLET_AUDIENCE } from './openid4vp-paths';
import type { MdocTranscript } from './mdoc-pid.verifier';
import {
  CREDENTIAL_QUERIES,
  CREDENTIAL_QUERY_IDS,
  NIN_ATTRIBUTE,
  PID_QUERY_IDS,
  type PidFormat,
  catalogValuesOf,
  unprovableClaims,
} from './pid-claims';
import type { DcqlQuery } from 'dcql';
import type { SandboxPidStatus } from './sandbox-status-list';
import type { SandboxCredential } from './sandbox-credentials';
import type { SandboxPidSubject } from './sandbox-wallet';
import { StatusListsService } from './status-lists.service';
import type { VerifiedPid } from './sd-jwt-pid.verifier';
import {
  authorizedDocumentSha256,
  encodeTransactionData,
  transactionDataHash,
  transactionDataObject,
} from './transaction-data';
import { challengeFor } from '../signatures/signing-challenge';
import { checkTransactionDataHashes } from './transaction-data-hashes';
import { type SigningCertificate, publicKeyOf, x5cOf } from './signing-certificate';
import type { WalletAsk } from './wallet-ask';
import type { DigitalCredentialRequest, WalletPresentationRequest } from './wallet-presentation-request';
import { WalletPresentation } from './wallet-presentation.entity';
import { WalletPresentationRepository } from './wallet-presentation.repository';
import { walletHolderOf } from './wallet-holder';
import { SandboxHolderKeys } from './sandbox-holder-keys';

type WalletLibraries = typeof import('./wallet-libraries');

const RESPONSE_KEY_ALGORITHM = 'ECDH-ES';
const RESPONSE_ENCRYPTIONS: [string, ...string[]] = ['A128GCM', 'A256GCM'];
const SIGNATURE_ALGORITHM = 'ES256';
const SIGNATURE_ALGORITHMS: [string] = [SIGNATURE_ALGORITHM];
/** ES256 by its COSE number, as an mdoc's issuer and device signatures name it (OpenID4VP 1.0 B.2.2). */
const COSE_ES256_ONLY: [number] = [-7];
const DIRECT_POST_JWT = 'direct_post.jwt';
const DC_API_JWT = 'dc_api.jwt';

/** How a wallet's answer arrived: posted by the wallet itself, or handed over by a page from the browser's DC API. */
export type WalletResponseMode = typeof DIRECT_POST_JWT | typeof DC_API_JWT;

/** A response the flow's key opened: the JWE, its plaintext, that plaintext read as JSON, and the key. */
interface OpenedResponse {
  jwe: string;
  plaintext: string;
  answer: Record<string, unknown>;
  privateJwk: JWK;
}

/** A compact JWE has five parts; HAIP requires the response encrypted, so a bare or signed-only one is refused. */
const COMPACT_JWE = /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The OpenID4VP 1.0 verifier under HAIP 1.0, built on the OpenWallet Foundation's openid4vp library: for each wallet
 * flow a signed request object (JAR, `x509_hash:` client id) served by `request_uri`, a DCQL query for exactly the PID
 * attributes behind the requested claims, and a `direct_post.jwt` response encrypted to a key made for that flow. A
 * verified PID completes the flow with the claims it proves, released to the app like any identification's; the
 * wallet's own error response ends it `rejected` with its reason kept; any other answer is refused, the flow left
 * pending.
 */
@Injectable()
export class WalletVerifierService {
  private readonly logger = new Logger(WalletVerifierService.name);
  private loadedLibraries?: Promise<WalletLibraries>;
  private readonly responseKeys: SealedColumn<WalletPresentation>;

  constructor(
    private readonly presentations: WalletPresentationRepository,
    sealedColumns: SealedColumns,
    private readonly credentials: EudiCredentialsService,
    private readonly statusLists: StatusListsService,
    private readonly flows: FlowsService,
    private readonly tenants: TenantsService,
    private readonly claimRelease: ClaimReleaseService,
    private readonly receipts: SignatureReceiptsService,
    private readonly config: AppConfig,
    private readonly sandboxHolders: SandboxHolderKeys,
  ) {
    this.responseKeys = sealedColumns.register({
      entity: WalletPresentation,
      idProperty: 'flowId',
      valueProperty: 'responseKey',
    });
  }

  /** The wallet libraries, loaded once, with the first wallet flow (wallet-libraries.ts). */
  private libraries(): Promise<WalletLibraries> {
    this.loadedLibraries ??= import('./wallet-libraries').then((libraries) => {
      // The library insists on https response addresses; a BASE_URL of plain http (the embedded default, local
      // development and tests) is one no real wallet reaches anyway, and must still make well-formed requests.
      libraries.setGlobalConfig({ allowInsecureUrls: this.config.BASE_URL.startsWith('http:') });
      return libraries;
    });
    return this.loadedLibraries;
  }

  /** Refuses, with a 400 naming them, claims that a PID cannot prove. */
  checkProvable(claims: readonly string[]): void {
    const unprovable = unprovableClaims(claims);
    if (unprovable.length > 0) throw new UnprovableClaimsError(unprovable, claims);
  }

  /**
   * What writes a new wallet flow's request object, nonce, state and response key in the flow's own unit of work, so
   * no wallet flow exists without them; it answers how a wallet reaches the flow, and, given the integrator's page
   * origin, the same request for the browser's Digital Credentials API. The verifier certificate is read first,
   * outside that transaction, since the embedded database takes one transaction at a time.
   */
  async presentationWriter(
    origin: string | undefined,
    ask: WalletAsk,
  ): Promise<(flow: Flow) => Promise<WalletPresentationRequest>> {
    const verifier = await this.credentials.verifier();
    const clientId = await this.clientIdOf(verifier);
    // As a browser serializes it (lower-case host, no default port): the wallet binds its answer to that spelling.
    const pageOrigin = origin === undefined ? undefined : new URL(origin).origin;
    return (flow) => this.prepare(flow, verifier, clientId, pageOrigin, ask);
  }

  private async prepare(
    flow: Flow,
    verifier: SigningCertificate,
    clientId: string,
    origin: string | undefined,
    ask: WalletAsk,
  ): Promise<WalletPresentationRequest> {
    const { createOpenid4vpAuthorizationRequest, pidDcqlQuery } = await this.libraries();
    const nonce = randomBytes(24).toString('base64url');
    const state = randomBytes(24).toString('base64url');
    const { publicKey, privateKey } = await generateKeyPair(RESPONSE_KEY_ALGORITHM, {
      crv: 'P-256',
      extractable: true,
    });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, use: 'enc', alg: RESPONSE_KEY_ALGORITHM };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: RESPONSE_KEY_ALGORITHM };
    const requestUri = `${this.config.BASE_URL}/${OPENID4VP_PATHS.request}/${flow.id}`;
    const transactionData = this.transactionDataOf(flow, ask);
    const common = {
      response_type: 'vp_token' as const,
      client_id: clientId,
      nonce,
      state,
      dcql_query: pidDcqlQuery(flow.requestedClaims, ask.purpose, ask.queries, flow.targetNin !== null),
      ...(ask.verifierInfo ? { verifier_info: ask.verifierInfo } : {}),
      ...(transactionData ? { transaction_data: transactionData } : {}),
      client_metadata: {
        client_name: flow.appName,
        jwks: { keys: [publicJwk as Jwk] },
        encrypted_response_enc_values_supported: RESPONSE_ENCRYPTIONS,
        vp_formats_supported: {
          'dc+sd-jwt': { 'sd-jwt_alg_values': SIGNATURE_ALGORITHMS, 'kb-jwt_alg_values': SIGNATURE_ALGORITHMS },
          mso_mdoc: { issuerauth_alg_values: COSE_ES256_ONLY, deviceauth_alg_values: COSE_ES256_ONLY },
        },
      },
    };
    const jar = {
      jwtSigner: { method: 'x5c' as const, x5c: x5cOf(verifier), alg: SIGNATURE_ALGORITHM },
      additionalJwtPayload: { aud: STATIC_WALLET_AUDIENCE },
      expiresInSeconds: Math.max(1, Math.floor((flow.expiresAt - Date.now()) / 1000)),
    };
    const callbacks = { signJwt: this.signer(verifier), encryptJwe: () => Promise.reject(new Error('not used')) };
    const created = await createOpenid4vpAuthorizationRequest({
      authorizationRequestPayload: {
        ...common,
        response_mode: DIRECT_POST_JWT,
        response_uri: `${this.config.BASE_URL}/${OPENID4VP_PATHS.response}/${flow.id}`,
      },
      jar: { ...jar, requestUri },
      callbacks,
    });
    if (!created.jar) throw new Error('The openid4vp library made no request object');
    await this.presentations.insert({
      flowId: flow.id,
      nonce,
      state,
      requestObject: created.jar.authorizationRequestJwt,
      responseKey: this.responseKeys.seal(flow.id, JSON.stringify(privateJwk)),
      refusal: null,
      dcApiOrigin: origin ?? null,
      createdAt: Date.now(),
    });
    const reached: WalletPresentationRequest = { uri: created.authorizationRequest, requestUri, clientId };
    if (origin === undefined) return reached;
    // The same nonce, state and key: the flow is answered once, by whichever way the wallet comes.
    const dcApi = await createOpenid4vpAuthorizationRequest({
      authorizationRequestPayload: { ...common, response_mode: DC_API_JWT, expected_origins: [origin] },
      jar,
      callbacks,
    });
    if (!dcApi.jar) throw new Error('The openid4vp library made no request object');
    const digitalCredentials: DigitalCredentialRequest = {
      protocol: DC_API_PROTOCOL,
      data: { request: dcApi.jar.authorizationRequestJwt },
    };
    return {
      ...reached,
      digitalCredentials,
      digitalCredentialsResponseUri: `${this.config.BASE_URL}/${OPENID4VP_PATHS.dcApiResponse}/${flow.id}`,
    };
  }

  /**
   * The request's transaction data, encoded: what the person approves, for the credential queries a key binding JWT
   * answers (SD-JWT VC), since OpenID4VP 1.0 defines no binding of transaction data into an mdoc's device signature.
   */
  private transactionDataOf(flow: Flow, ask: WalletAsk): [string, ...string[]] | undefined {
    if (!ask.transaction) return undefined;
    const credentialIds = ask.queries.filter((id) => CREDENTIAL_QUERIES[id] === 'dc+sd-jwt');
    const context = { flowId: flow.id, createdAt: flow.createdAt, appName: flow.appName, text: flow.payload };
    return [encodeTransactionData(transactionDataObject(ask.transaction, context, credentialIds))];
  }

  /**
   * Answers a sandbox flow as the sandbox's own wallet would, holding a PID in the form asked of the test person's
   * claims and NIN from the sandbox PID issuer, bound to the key it derives for the request: through `receive`,
   * exactly as a real wallet's answer goes. An SD-JWT VC names the entry of the sandbox status list that holds
   * `status`; an mdoc names none, since the mdoc library reads no status.
   */
  async presentAsSandboxWallet(
    flow: Flow,
    person: SandboxPidSubject,
    format: SandboxCredential = 'dc+sd-jwt',
    status: SandboxPidStatus = 'valid',
  ): Promise<void> {
    if (format !== 'dc+sd-jwt' && status !== 'valid') {
      throw new RequestValidationError([
        { code: 'custom', path: ['status'], message: 'An mdoc PID names no status list: status must be valid' },
      ]);
    }
    const requestObject = await this.requestObject(flow.id);
    // The sandbox age attestation comes from the mdoc PID's issuer: a test wallet needs no age verification provider.
    const issuer = await this.credentials.sandboxPidIssuer(format === 'dc+sd-jwt' ? format : 'mso_mdoc');
    const entry = format === 'dc+sd-jwt' ? this.statusLists.sandboxEntry(status) : undefined;
    const holder = await this.sandboxHolders.of((decodeJwt(requestObject) as { nonce: string }).nonce);
    const { sandboxWalletResponse } = await this.libraries();
    await this.receive(flow.id, await sandboxWalletResponse(requestObject, issuer, person, format, holder, entry));
  }

  /** Why this flow's wallet presentation was refused, if it was; read in the open unit of work, if any. */
  async refusalOf(flowId: string): Promise<string | undefined> {
    return (await this.presentations.find(flowId))?.refusal ?? undefined;
  }

  /**
   * A flow's view with what a wallet flow adds to it: the registered intended use it was asked under and, once the
   * wallet refused, its `reason`; read inside the move's unit of work when the view is made there (a webhook queued
   * with the move).
   */
  async withWalletFields<V extends object>(
    flow: Flow,
    view: V,
  ): Promise<V & { intendedUse?: string; reason?: string }> {
    if (flow.startMode !== 'wallet') return view;
    const asked = flow.intendedUse === null ? view : { ...view, intendedUse: flow.intendedUse };
    if (flow.status !== 'rejected') return asked;
    const reason = await this.refusalOf(flow.id);
    return reason ? { ...asked, reason } : asked;
  }

  /** Forgets what was asked of the wallets of flows that retention removes, with them. */
  async purge(flowIds: string[]): Promise<void> {
    await this.presentations.deleteOf(flowIds);
  }

  /** The signed request object a wallet fetches by `request_uri`, while the flow is open. */
  async requestObject(flowId: string): Promise<string> {
    const flow = await this.flows.find(flowId);
    const presentation = await this.presentations.find(flow.id);
    if (!presentation || isTerminal(flow.status)) throw new FlowNotFoundError();
    return presentation.requestObject;
  }

  /**
   * A wallet's `direct_post.jwt` response: decrypted with the flow's key and its `state` checked, then either the
   * wallet's own refusal (OpenID4VP 1.0 8.5), which ends the flow `rejected` with its reason, or a presentation,
   * checked against the request (DCQL) and its PID verified, which completes the flow. Anything else is refused with a
   * 400 and leaves the flow as it is: the request object is public, so whoever saw the QR code can encrypt to its key
   * and copy its state, and only a presentation that verifies or the wallet's own refusal may end the person's flow.
   */
  async receive(flowId: string, response: unknown, mode: WalletResponseMode = DIRECT_POST_JWT): Promise<void> {
    const flow = await this.flows.find(flowId);
    const presentation = await this.presentations.find(flow.id);
    if (!presentation) throw new FlowNotFoundError();
    if (isTerminal(flow.status)) {
      throw new PresentationRefusedError(`The flow is already ${flow.status}: a presentation is answered once`);
    }
    const opened = await this.open(flow, presentation, response, mode);
    const refusal = walletRefusalOf(opened.answer);
    if (refusal !== undefined) return this.acceptRefusal(flow, refusal);
    const changes = await this.verify(flow, presentation, opened, mode).catch((error: unknown) => {
      if (error instanceof PresentationRefusedError) {
        this.logger.warn({ flowId: flow.id, reason: error.reason }, 'Refused a wallet presentation');
      }
      throw error;
    });
    if (!(await this.flows.move(flow, 'approve', changes))) {
      throw new PresentationRefusedError('The flow ended before the presentation arrived');
    }
  }

  /**
   * The response opened: a compact JWE that the flow's key decrypts to a JSON object carrying the flow's state.
   * Anything short of that is not this flow's response at all.
   */
  private async open(
    flow: Flow,
    presentation: WalletPresentation,
    response: unknown,
    mode: WalletResponseMode,
  ): Promise<OpenedResponse> {
    if (typeof response !== 'string' || !COMPACT_JWE.test(response)) {
      throw new UnreadableResponseError(`The response must be a JWE encrypted to this flow (${mode})`);
    }
    if (mode === DC_API_JWT && presentation.dcApiOrigin === null) {
      throw new UnreadableResponseError('This flow made no Digital Credentials API request: create it with an origin');
    }
    const privateJwk = JSON.parse(this.responseKeys.open(flow.id, presentation.responseKey)) as JWK;
    const plaintext = await this.decrypt(response, privateJwk);
    if (plaintext === undefined) {
      throw new UnreadableResponseError(
        "The response is not encrypted to this flow's key: it answers another flow's request",
      );
    }
    let answer: unknown;
    try {
      answer = JSON.parse(plaintext);
    } catch {
      answer = undefined;
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new UnreadableResponseError('The decrypted response is not a JSON authorization response');
    }
    if ((answer as { state?: unknown }).state !== presentation.state) {
      throw new UnreadableResponseError("The response's state is not this flow's: it answers another flow's request");
    }
    return { jwe: response, plaintext, answer: answer as Record<string, unknown>, privateJwk };
  }

  /**
   * The wallet's refusal ends the flow `rejected` with its reason, kept before the move so that the change every
   * observer is told of already carries it; a flow that ended meanwhile (a presentation won) keeps its end.
   */
  private async acceptRefusal(flow: Flow, reason: string): Promise<void> {
    await this.presentations.recordRefusal(flow.id, reason);
    if (!(await this.flows.move(flow, 'decline'))) {
      throw new PresentationRefusedError('The flow ended before the refusal arrived');
    }
  }

  private async verify(
    flow: Flow,
    presentation: WalletPresentation,
    opened: OpenedResponse,
    mode: WalletResponseMode,
  ): Promise<FlowChanges> {
    const { parseOpenid4vpAuthorizationResponse, verifyMdocPid, verifySdJwtPid } = await this.libraries();
    const request = this.requestAnswered(presentation, mode);
    let parsed: Awaited<ReturnType<WalletLibraries['parseOpenid4vpAuthorizationResponse']>>;
    try {
      parsed = await parseOpenid4vpAuthorizationResponse({
        authorizationResponse: { response: opened.jwe },
        authorizationRequestPayload: request,
        callbacks: {
          // Already opened with the flow's key: the library reads the same plaintext.
          decryptJwe: () =>
            Promise.resolve({ decrypted: true, decryptionJwk: opened.privateJwk as Jwk, payload: opened.plaintext }),
          verifyJwt: () => ({ verified: false }),
        },
      });
    } catch (error) {
      throw new PresentationRefusedError(`The response does not answer this request: ${this.messageOf(error)}`);
    }
    const { format, token } = this.presentedPid(parsed.type === 'dcql' ? parsed.dcql.presentations : {});
    const anchors = await this.credentials.trustedIssuerCas(flow.environment);
    const pid =
      format === 'mso_mdoc'
        ? await verifyMdocPid(token, anchors, await this.transcriptOf(presentation, request, mode, opened.privateJwk))
        : await verifySdJwtPid(
            token,
            anchors,
            { nonce: presentation.nonce, audience: this.audienceOf(presentation, request, mode) },
            (uri) => this.statusLists.verifiedToken(uri, anchors),
          );
    const holderNin =
      flow.targetNin === null ? await walletHolderOf(pid.holderKey) : this.addressee(flow.targetNin, pid);
    if (request.transaction_data) return this.approved(flow, request.transaction_data, pid, holderNin);
    const values = catalogValuesOf(pid.claims, flow.requestedClaims, format);
    const app = await this.tenants.findApp(flow.appId);
    const released = flow.requestedClaims.filter((claim) => {
      const [group, name] = claim.split('.');
      return values[group]?.[name] !== undefined;
    });
    return { claims: await this.claimRelease.release(values, released, app.publicKeyPem), holderNin };
  }

  /**
   * The NIN a flow addressed to a person (a document signee's approval) is for, once the PID proves it is theirs: its
   * national identification number must be disclosed and be that NIN, else someone else's wallet is answering.
   */
  private addressee(targetNin: string, pid: VerifiedPid): string {
    const nin = pid.claims[NIN_ATTRIBUTE];
    if (nin === undefined) {
      throw new PresentationRefusedError(
        `The PID does not disclose ${NIN_ATTRIBUTE}: this request is for one person, known by their NIN`,
      );
    }
    if (nin !== targetNin) {
      throw new PresentationRefusedError(
        `The PID is another person's: its ${NIN_ATTRIBUTE} is not the NIN this request is for`,
      );
    }
    return targetNin;
  }

  /**
   * A transaction the person approved: the key binding JWT binds each of the request's transaction data objects, and
   * the service's receipt, as a signing flow's `signature`, vouches for it with that JWT inside.
   */
  private async approved(
    flow: Flow,
    transactionData: readonly string[],
    pid: VerifiedPid,
    holderNin: string,
  ): Promise<FlowChanges> {
    if (!pid.keyBinding) {
      throw new PresentationRefusedError(
        'The request carries transaction data, which only an SD-JWT VC binds (in its key binding JWT): present the PID as SD-JWT VC',
      );
    }
    checkTransactionDataHashes(transactionData, pid.keyBinding.payload);
    const { receipt, signedAt } = await this.receipts.receiptForWallet({
      holder: holderNin,
      flow: flow.id,
      // A document's signature authorization covers the document's bytes, as a device's approval of it does.
      payloadSha256: authorizedDocumentSha256(transactionData) ?? challengeFor(flow.id, flow.payload).payloadSha256,
      keyBinding: pid.keyBinding.jwt,
      holderKey: pid.holderKey,
      transactionData: [...transactionData],
      transactionDataHashes: transactionData.map(transactionDataHash),
    });
    return { holderNin, signature: receipt, signedAt };
  }

  /**
   * The request the response answers: the stored `direct_post.jwt` one, or the Digital Credentials API one made beside
   * it, which differs only in its response mode, in having no response address, and in its origins (which the browser,
   * not the verifier, checks).
   */
  private requestAnswered(
    presentation: WalletPresentation,
    mode: WalletResponseMode,
  ): Openid4vpAuthorizationRequest | Openid4vpAuthorizationRequestDcApi {
    const request = decodeJwt(presentation.requestObject) as unknown as Openid4vpAuthorizationRequest;
    if (mode === DIRECT_POST_JWT) return request;
    return {
      response_type: request.response_type,
      client_id: request.client_id,
      nonce: request.nonce,
      state: request.state,
      dcql_query: request.dcql_query as DcqlQuery,
      transaction_data: request.transaction_data,
      client_metadata: request.client_metadata,
      response_mode: DC_API_JWT,
    };
  }

  /** The one PID (or age attestation) the vp_token holds, under the credential query asking for it. */
  private presentedPid(presentations: Record<string, unknown>): { format: PidFormat; token: string } {
    const answered = CREDENTIAL_QUERY_IDS.filter((id) => presentations[id] !== undefined);
    const tokens = answered.length === 1 ? presentations[answered[0]] : undefined;
    if (!Array.isArray(tokens) || tokens.length !== 1 || typeof tokens[0] !== 'string') {
      throw new PresentationRefusedError(
        `The vp_token must hold one PID: an SD-JWT VC under "${PID_QUERY_IDS['dc+sd-jwt']}" or an mdoc under "${PID_QUERY_IDS.mso_mdoc}"`,
      );
    }
    return { format: CREDENTIAL_QUERIES[answered[0]], token: tokens[0] };
  }

  /**
   * What an mdoc's device signature covers (OpenID4VP 1.0 B.2.6): the request's client_id and response address, or
   * over the Digital Credentials API the page's origin, with the nonce and the thumbprint of the flow's response key.
   */
  private async transcriptOf(
    presentation: WalletPresentation,
    request: Openid4vpAuthorizationRequest | Openid4vpAuthorizationRequestDcApi,
    mode: WalletResponseMode,
    responseKey: JWK,
  ): Promise<MdocTranscript> {
    const jwkThumbprint = Buffer.from(await calculateJwkThumbprint(responseKey), 'base64url');
    if (mode === DC_API_JWT)
      return { origin: presentation.dcApiOrigin ?? '', nonce: presentation.nonce, jwkThumbprint };
    const { client_id: clientId = '', response_uri: responseUri = '' } = request as Openid4vpAuthorizationRequest;
    return { clientId, responseUri, nonce: presentation.nonce, jwkThumbprint };
  }

  /**
   * Whom the key binding JWT must name: the verifier's client_id, or over the Digital Credentials API the page's origin
   * prefixed with `origin:`, even for a signed request (OpenID4VP 1.0 A.4).
   */
  private audienceOf(
    presentation: WalletPresentation,
    request: Openid4vpAuthorizationRequest | Openid4vpAuthorizationRequestDcApi,
    mode: WalletResponseMode,
  ): string {
    if (mode === DC_API_JWT) return `origin:${presentation.dcApiOrigin}`;
    // The stored request always carries the verifier's client_id; the type allows none only for DC API requests.
    return request.client_id ?? '';
  }

  private messageOf(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
  }

  private async clientIdOf(verifier: SigningCertificate): Promise<string> {
    const { calculateX509HashClientIdPrefixValue } = await this.libraries();
    const hash = await calculateX509HashClientIdPrefixValue({
      x509Certificate: new Uint8Array(verifier.chain[0].rawData),
      hash: (data) => createHash('sha256').update(data).digest(),
    });
    return `x509_hash:${hash}`;
  }

  private signer(verifier: SigningCertificate): CallbackContext['signJwt'] {
    return async (_signer, { header, payload }) => {
      const jwt = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader(header)
        .sign(verifier.privateKey);
      return { jwt, signerJwk: (await exportJWK(publicKeyOf(verifier.chain[0]))) as Jwk };
    };
  }

  /** The plaintext of a JWE to the flow's key, or undefined when that key does not open it. */
  private async decrypt(jwe: string, privateJwk: JWK): Promise<string | undefined> {
    try {
      const key = await importJWK(privateJwk, RESPONSE_KEY_ALGORITHM);
      const { plaintext } = await compactDecrypt(jwe, key, {
        keyManagementAlgorithms: [RESPONSE_KEY_ALGORITHM],
        contentEncryptionAlgorithms: RESPONSE_ENCRYPTIONS,
      });
      return new TextDecoder().decode(plaintext);
    } catch {
      return undefined;
    }
  }
}
