import { Signer } from '@signpdf/utils';
import type * as pkijs from 'pkijs';
import type { TimestampAuthorityClient } from './timestamp-authority.client';

/**
 * The "signer" of a document timestamp: its /Contents is the authority's RFC 3161 token itself, over the SHA-256 of
 * the byte ranges, with no CMS of the service's own around it. The token is kept for the DSS that follows it.
 */
export class DocumentTimestampSigner extends Signer {
  token?: pkijs.ContentInfo;

  constructor(private readonly authority: TimestampAuthorityClient) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    this.token = await this.authority.timestamp(signedBytes);
    return Buffer.from(this.token.toSchema().toBER(false));
  }
}
