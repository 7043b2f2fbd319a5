import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import type { ClientContext } from '../common/client-ip/client-context';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { AppConfig } from '../config/app-config';
import { DocumentSigningService } from '../documents/document-signing.service';
import { DocumentWalletSignatures } from '../documents/document-wallet-signatures.service';
import { DocumentsService } from '../documents/documents.service';
import { IntendedUsesService } from '../eudi/intended-uses.service';
import { RegistrationCertificateService } from '../eudi/registration-certificate.service';
import { QES_AUTHORIZATION_TYPE, type WalletTransaction } from '../eudi/transaction-data';
import { WalletVerifierService } from '../eudi/wallet-verifier.service';
import { FlowPresenter } from '../flows/flow.presenter';
import { FlowsService } from '../flows/flows.service';
import { UnitOfWork } from '../platform/unit-of-work';
import { sdJwtAsk } from './sd-jwt-ask';
import type { SigningCreated } from './signing.service';

/** The CSC data model's qualifier of an advanced electronic signature under eIDAS, as `advanced` documents make. */
const ADVANCED_SIGNATURE_QUALIFIER = 'eu_eidas_aes';

export interface DocumentWalletRequest {
  /** The document. */
  flow: string;
  /** The signee who approves with their wallet. */
  nin: string;
  origin?: string;
  intendedUse?: string;
}

const invalid = (path: string, message: string) =>
  new RequestValidationError([{ code: 'custom', path: [path], message }]);

/**
 * A document signee's approval with their EU wallet (docs/documents.md): a wallet signing flow addressed to their NIN,
 * whose request carries the CSC `qes_authorization` of exactly this document's SHA-256 as transaction data. Its
 * checked presentation of the signee's own PID is their signature (DocumentWalletSignatures), and the receipt of it
 * is the approval idflow's signature authorization gives the signing service provider.
 */
@Injectable()
export class DocumentWalletRequests {
  constructor(
    private readonly documents: DocumentsService,
    private readonly signing: DocumentSigningService,
    private readonly walletSignatures: DocumentWalletSignatures,
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly wallet: WalletVerifierService,
    private readonly intendedUses: IntendedUsesService,
    private readonly registration: RegistrationCertificateService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
  ) {}

  async start(principal: Principal, request: DocumentWalletRequest, client: ClientContext): Promise<SigningCreated> {
    const loaded = await this.documents.findForApp(request.flow, principal.app.id);
    const { flow: documentFlow, document, signees } = loaded;
    if (document.signature !== 'advanced') {
      throw invalid(
        'flow',
        'An EU wallet authorizes a signee’s own signature: the document must be created with signature advanced',
      );
    }
    if (!signees.some((signee) => signee.nin === request.nin)) {
      throw invalid('nin', 'nin must be the NIN of one of the document’s signees');
    }
    this.signing.refuseIfActed(loaded, request.nin);
    const ask = sdJwtAsk(await this.intendedUses.askOf(principal.app, [], { intendedUse: request.intendedUse }));
    const transaction: WalletTransaction = {
      type: QES_AUTHORIZATION_TYPE,
      signatureQualifier: ADVANCED_SIGNATURE_QUALIFIER,
      documents: [{ label: documentFlow.payload, sha256: Buffer.from(document.fileSha256, 'hex') }],
    };
    const writePresentation = await this.wallet.presentationWriter(request.origin, {
      ...ask,
      verifierInfo: this.registration.verifierInfo(),
      transaction,
    });
    const secondsLeft = Math.max(1, Math.floor((documentFlow.expiresAt - Date.now()) / 1000));
    return this.unitOfWork.run(async () => {
      const { flow } = await this.flows.create({
        kind: 'signing',
        startMode: 'wallet',
        action: 'confirm',
        principal,
        payload: documentFlow.payload,
        requestedClaims: [],
        targetNin: request.nin,
        ip: client.ip,
        userAgent: client.userAgent,
        ttlSeconds: Math.min(this.config.FLOW_TTL_SECONDS, secondsLeft),
        intendedUse: ask.intendedUse,
      });
      await this.walletSignatures.link(documentFlow.id, request.nin, flow);
      return { request: this.presenter.requestObject(flow), presentation: await writePresentation(flow) };
    });
  }
}
