import { Injectable, Logger } from '@nestjs/common';
import { OutboundClient } from '../common/outbound/outbound-client';
import { AppConfig } from '../config/app-config';
import { CadesSigner, type SignatureTimestamper } from './cades-signer';
import { sealPdf } from './pdf-sealer';
import { SealCredentialsService } from './seal-credentials.service';
import { TimestampAuthorityClient } from './timestamp-authority.client';

export interface SealedPdf {
  bytes: Buffer;
  /** `B-T` when a timestamp authority countersigned the signature, `B-B` otherwise. */
  level: 'B-B' | 'B-T';
}

/**
 * Seals finished PDFs with the service's PAdES signature: the last step of making a stamped document, given the
 * final bytes. With `TSA_URL` the signature is timestamped; if the authority fails, the seal is made without the
 * timestamp (B-B) and the failure is logged, because a completed document must not be held back by a third party.
 */
@Injectable()
export class DocumentSealService {
  private readonly logger = new Logger(DocumentSealService.name);
  private readonly authority?: TimestampAuthorityClient;

  constructor(
    private readonly credentials: SealCredentialsService,
    private readonly config: AppConfig,
    outbound: OutboundClient,
  ) {
    if (config.TSA_URL) this.authority = new TimestampAuthorityClient(outbound, config.TSA_URL);
  }

  /**
   * Loads the credential the seal signs with, once. A caller that seals inside a transaction asks first: loading reads
   * the database, and on SQLite a read from outside a transaction waits until that transaction ends.
   */
  async ready(): Promise<void> {
    await this.credentials.credential();
  }

  async seal(
    finished: Uint8Array,
    { documentId, signingTime }: { documentId: string; signingTime: Date },
  ): Promise<SealedPdf> {
    const credential = await this.credentials.credential();
    const request = {
      signingTime,
      name: this.config.SEAL_NAME,
      reason: `Document ${documentId} signed by every signee`,
    };
    if (this.authority) {
      try {
        const timestamper: SignatureTimestamper = (value) => this.authority!.timestamp(value);
        return {
          bytes: await sealPdf(finished, { ...request, signer: new CadesSigner(credential, timestamper) }),
          level: 'B-T',
        };
      } catch (error) {
        this.logger.warn(
          `Sealing ${documentId} without a timestamp: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { bytes: await sealPdf(finished, { ...request, signer: new CadesSigner(credential) }), level: 'B-B' };
  }
}
