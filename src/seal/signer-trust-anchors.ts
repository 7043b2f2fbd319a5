import { Injectable } from '@nestjs/common';
import type * as pkijs from 'pkijs';

/** Where some signers' CA certificates come from: the sandbox signing provider's CA. */
export type SignerTrustAnchorSource = () => Promise<pkijs.Certificate[]>;

/**
 * The CAs that signees' own signatures (documents signed `advanced`) are checked against, beside the seal's trust
 * anchors: each source a module above registers, read at each check so that a CA made later is seen.
 */
@Injectable()
export class SignerTrustAnchors {
  private readonly sources: SignerTrustAnchorSource[] = [];

  register(source: SignerTrustAnchorSource): void {
    this.sources.push(source);
  }

  async all(): Promise<pkijs.Certificate[]> {
    return (await Promise.all(this.sources.map((source) => source()))).flat();
  }
}
