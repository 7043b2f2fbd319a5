import { Injectable } from '@nestjs/common';
import type { LoadedDocument } from './document.presenter';
import { SigneeSignatureFailedError } from './errors/signee-signature-failed.error';

/** What adds each signee's own signature to the finished bytes, in signing order, one incremental update each. */
export interface SigneeSignatureMaker {
  sign(loaded: LoadedDocument, finished: Uint8Array): Promise<Uint8Array>;
}

/**
 * Where the signees' own signatures of an `advanced` document are made, as the module above that speaks to remote
 * signing providers registers it; the stamped copy is made with them, before the seal.
 */
@Injectable()
export class SigneeSignatures {
  private maker?: SigneeSignatureMaker;

  register(maker: SigneeSignatureMaker): void {
    this.maker = maker;
  }

  /** The finished bytes with every signee's signature, for an `advanced` document; as they are for a sealed one. */
  async apply(loaded: LoadedDocument, finished: Uint8Array): Promise<Uint8Array> {
    if (loaded.document.signature !== 'advanced') return finished;
    if (!this.maker) throw new SigneeSignatureFailedError('No remote signing is available in this deployment');
    return this.maker.sign(loaded, finished);
  }
}
