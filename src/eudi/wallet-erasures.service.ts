import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { CompactSign, decodeJwt, exportJWK } from 'jose';
import { newId } from '../common/ids/random-id';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { Flow } from '../flows/flow.entity';
import { FlowPresenter } from '../flows/flow.presenter';
import { FlowsService } from '../flows/flows.service';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { UnitOfWork } from '../platform/unit-of-work';
import { WebhooksService } from '../webhooks/webhooks.service';
import { ERASURE_REQUEST_ALGORITHM, ERASURE_REQUEST_TYPE, verifiedErasureRequest } from './erasure-request';
import { ErasureRefusedError } from './errors/erasure-refused.error';
import { UnknownPresentationError } from './errors/unknown-presentation.error';
import { SandboxHolderKeys } from './sandbox-holder-keys';
import type { WalletErasure } from './wallet-erasure.entity';
import { WalletErasureRepository } from './wallet-erasure.repository';
import { walletHolderOf } from './wallet-holder';
import { WalletPresentationRepository } from './wallet-presentation.repository';
import { walletErasureView } from './wallet-erasure-view';

/** What an erasure is answered with: its record, and whether this request made it or an earlier one had. */
export interface ErasureOutcome {
  erasure: WalletErasure;
  repeated: boolean;
}

/**
 * A wallet's request that the relying party erase what it released (CIR 2024/2982 Article 6, GDPR Article 17):
 * authenticated as the ARF asks (DATA_DLT_07) by the wallet's own signature, with the key its presentation was bound
 * to, over the presentation's nonce and this verifier's client_id. idflow forgets the claims the flow released (ping,
 * webhook bodies kept for redelivery), tells the app by `identification.erasure_requested` so it can erase its copy,
 * and keeps a record without the data. A repeat is answered with the first record and changes nothing.
 */
@Injectable()
export class WalletErasuresService {
  private readonly logger = new Logger(WalletErasuresService.name);

  constructor(
    private readonly presentations: WalletPresentationRepository,
    private readonly erasures: WalletErasureRepository,
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly webhooks: WebhooksService,
    private readonly sandboxHolders: SandboxHolderKeys,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async receive(jws: unknown): Promise<ErasureOutcome> {
    const request = await verifiedErasureRequest(jws);
    const presentation = await this.presentations.withNonce(request.nonce);
    const flow = presentation && (await this.flows.find(presentation.flowId).catch(notFoundAsNull));
    if (!presentation || !flow || flow.status !== 'completed') {
      throw new UnknownPresentationError(
        'The erasure request names no presentation this verifier accepted (nonce): nothing was released here',
      );
    }
    if (request.audience !== (decodeJwt(presentation.requestObject).client_id as string)) {
      throw new ErasureRefusedError("The erasure request is for another verifier: its aud is not this one's client_id");
    }
    if (flow.targetNin !== null) {
      throw new ErasureRefusedError(
        "The erasure request names a document signee's approval: it released no claim, and it is the evidence of " +
          'their signature, which the signed document keeps',
      );
    }
    if ((await walletHolderOf(request.holderKey)) !== flow.holderNin) {
      throw new ErasureRefusedError(
        'The erasure request is forged: it is not signed by the key the presentation was bound to',
        403,
      );
    }
    const earlier = await this.erasures.ofFlow(flow.id);
    if (earlier) return { erasure: earlier, repeated: true };
    try {
      return { erasure: await this.erase(flow, request.requestId), repeated: false };
    } catch (error) {
      // Two requests at once: the flow's one record went to the other.
      const raced = isUniqueViolation(error) ? await this.erasures.ofFlow(flow.id) : null;
      if (raced) return { erasure: raced, repeated: true };
      throw error;
    }
  }

  /**
   * Asks, as the sandbox wallet that presented to this flow, for what it released to be erased: an erasure request
   * signed by the key the sandbox wallet derived for the flow's request, through `receive` as a real wallet's goes.
   */
  async requestAsSandboxWallet(flow: Flow): Promise<ErasureOutcome> {
    const presentation = await this.presentations.find(flow.id);
    if (!presentation) throw new FlowNotFoundError();
    const { client_id: audience } = decodeJwt(presentation.requestObject);
    const holder = await this.sandboxHolders.of(presentation.nonce);
    const jwk = await exportJWK(holder.publicKey);
    const claims = { aud: audience, iat: Math.floor(Date.now() / 1000), jti: randomBytes(16).toString('base64url') };
    const jws = await new CompactSign(
      new TextEncoder().encode(JSON.stringify({ ...claims, nonce: presentation.nonce })),
    )
      .setProtectedHeader({ typ: ERASURE_REQUEST_TYPE, alg: ERASURE_REQUEST_ALGORITHM, jwk })
      .sign(holder.privateKey);
    return this.receive(jws);
  }

  /** The claims forgotten, the record written and the app's webhook queued, in one transaction. */
  private erase(flow: Flow, requestId: string): Promise<WalletErasure> {
    return this.unitOfWork.run(async () => {
      const erasure: WalletErasure = {
        id: newId.walletErasure(),
        flowId: flow.id,
        appId: flow.appId,
        claims: releasedClaims(flow),
        requestId,
        receivedAt: Date.now(),
      };
      await this.erasures.insert(erasure);
      const erased = await this.flows.eraseClaims(flow);
      await this.webhooks.forgetClaimsOf(flow.id);
      await this.webhooks.enqueueFor(erased, 'identification.erasure_requested', {
        request: await this.presenter.present(erased),
        erasure: walletErasureView(erasure),
      });
      this.logger.log(
        { flowId: flow.id, erasureId: erasure.id },
        'Erased what a wallet flow released, as its wallet asked',
      );
      return erasure;
    });
  }
}

/** The catalog claims a flow released, by name (`group.name`), from its nested claims. */
function releasedClaims(flow: Flow): string[] {
  return Object.entries(flow.claims ?? {}).flatMap(([group, values]) =>
    Object.keys(values).map((name) => `${group}.${name}`),
  );
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof FlowNotFoundError) return null;
  throw error;
}
