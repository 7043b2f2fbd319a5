import { Injectable, OnModuleInit } from '@nestjs/common';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { isTerminal } from '../flows/flow-state';
import type { FlowMove } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { FlowTransitionHooks } from '../flows/flow-transition.hooks';
import { FlowsService } from '../flows/flows.service';
import { DocumentSigneeRepository } from './document-signee.repository';
import { DocumentSigningService } from './document-signing.service';

/**
 * A document signee who approves with their EU wallet: each request made for them is a wallet signing flow, linked
 * here to the signee, and that flow's approval (its receipt, with the wallet's key binding JWT over the document's
 * digest) becomes their signature inside the same unit of work, so the wallet's answer and the signature commit
 * together or not at all.
 */
@Injectable()
export class DocumentWalletSignatures implements OnModuleInit {
  constructor(
    private readonly hooks: FlowTransitionHooks,
    private readonly flows: FlowsService,
    private readonly signees: DocumentSigneeRepository,
    private readonly signing: DocumentSigningService,
  ) {}

  onModuleInit(): void {
    this.hooks.register((flow, move) => this.signIfLinked(flow, move));
  }

  /**
   * Links a new wallet signing flow to the signee, in the caller's unit of work; the request made before it, if still
   * open, is cancelled, so only the latest QR code the signee was shown can sign for them.
   */
  async link(documentFlowId: string, nin: string, walletFlow: Flow): Promise<void> {
    const signee = (await this.signees.listOf(documentFlowId)).find((candidate) => candidate.nin === nin);
    if (signee?.walletFlowId) {
      // Gone once retention removed it, long after it ended: nothing is left to cancel.
      const previous = await this.flows.current(signee.walletFlowId).catch((error: unknown) => {
        if (error instanceof FlowNotFoundError) return null;
        throw error;
      });
      if (previous && !isTerminal(previous.status)) await this.flows.move(previous, 'cancel');
    }
    await this.signees.linkWalletFlow(documentFlowId, nin, walletFlow.id);
  }

  private async signIfLinked(flow: Flow, move: FlowMove): Promise<void> {
    if (move !== 'approve' || flow.kind !== 'signing' || flow.startMode !== 'wallet' || !flow.signature) return;
    const signee = await this.signees.findByWalletFlow(flow.id);
    if (!signee) return;
    await this.signing.signWithWallet(signee, { receipt: flow.signature, signedAt: flow.signedAt ?? flow.updatedAt });
  }
}
