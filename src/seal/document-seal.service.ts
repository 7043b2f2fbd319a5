import { Injectable, Logger } from '@nestjs/common';
import { OutboundClient } from '../common/outbound/outbound-client';
import { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/errors/config.error';
import type * as pkijs from 'pkijs';
import { CadesSigner, type SignatureTimestamper } from './cades-signer';
import { appendDss } from './dss-writer';
import { sealPdf } from './pdf-sealer';
import type { SealCredential } from './seal-credential';
import { SealCredentialsService } from './seal-credentials.service';
import { TimestampAuthorityClient } from './timestamp-authority.client';
import { ValidationDataCache, tokenCertificates } from './validation-data';

export interface SealedPdf {
  bytes: Buffer;
  /**
   * `B-LT` when the file also holds the validation data of the seal's and the timestamp's chains, `B-T` when a
   * timestamp authority countersigned the signature, `B-B` otherwise.
   */
  level: 'B-B' | 'B-T' | 'B-LT';
}

/**
 * Seals finished PDFs with the service's PAdES signature: the last step of making a stamped document, given the
 * final bytes. At `SEAL_LEVEL` B-T and above the signature is timestamped by `TSA_URL`, and at B-LT the validation
 * data fetched beforehand is added; if the authority fails, the seal is made without the timestamp (B-B), and without
 * the validation data it stays B-T, each logged, because a completed document must not be held back by a third party.
 */
@Injectable()
export class DocumentSealService {
  private readonly logger = new Logger(DocumentSealService.name);
  private readonly authority?: TimestampAuthorityClient;
  private readonly validation: ValidationDataCache;
  /** The timestamp authority's certificates, as its last token carried them: their revocation data is fetched ahead. */
  private authorityChain?: pkijs.Certificate[];

  constructor(
    private readonly credentials: SealCredentialsService,
    private readonly config: AppConfig,
    outbound: OutboundClient,
  ) {
    if (config.SEAL_LEVEL !== 'B-B') {
      if (!config.TSA_URL) {
        throw new ConfigError([
          `SEAL_LEVEL ${config.SEAL_LEVEL} needs a timestamp authority: set TSA_URL, or SEAL_LEVEL=B-B`,
        ]);
      }
      this.authority = new TimestampAuthorityClient(outbound, config.TSA_URL);
    }
    this.validation = new ValidationDataCache(outbound);
  }

  /**
   * Loads the credential the seal signs with, once, and with a timestamp authority fetches the revocation data of the
   * seal's chain and of the authority's (learnt from a first token over nothing, once). A caller that seals inside a
   * transaction asks first: loading reads the database, and on SQLite a read from outside a transaction waits until
   * that transaction ends; and no OCSP responder or CRL is called inside it. A failure here only lowers the level.
   */
  async ready(): Promise<void> {
    const credential = await this.credentials.credential();
    if (!this.authority || this.config.SEAL_LEVEL !== 'B-LT') return;
    try {
      this.authorityChain ??= tokenCertificates(await this.authority.timestamp(new Uint8Array(32)));
      await this.validation.refresh(sealChain(credential));
      await this.validation.refresh(this.authorityChain);
    } catch (error) {
      this.logger.warn(`Revocation data not fetched: ${error instanceof Error ? error.message : String(error)}`);
    }
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
        let token: pkijs.ContentInfo | undefined;
        const timestamper: SignatureTimestamper = async (value) => (token = await this.authority!.timestamp(value));
        const bytes = await sealPdf(finished, { ...request, signer: new CadesSigner(credential, timestamper) });
        if (this.config.SEAL_LEVEL === 'B-T') return { bytes, level: 'B-T' };
        return this.withValidationData(bytes, credential, token ? tokenCertificates(token) : []);
      } catch (error) {
        this.logger.warn(
          `Sealing ${documentId} without a timestamp: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { bytes: await sealPdf(finished, { ...request, signer: new CadesSigner(credential) }), level: 'B-B' };
  }

  /** B-LT when every certificate of the seal's and the timestamp's chains has its revocation data at hand. */
  private async withValidationData(
    sealed: Buffer,
    credential: SealCredential,
    authorityChain: pkijs.Certificate[],
  ): Promise<SealedPdf> {
    this.authorityChain = authorityChain;
    const data = this.validation.collect([sealChain(credential), authorityChain]);
    if (!data) {
      this.logger.warn('Sealing at B-T: revocation data is missing for a certificate of the seal or the timestamp');
      return { bytes: sealed, level: 'B-T' };
    }
    return { bytes: await appendDss(sealed, data), level: 'B-LT' };
  }
}

function sealChain(credential: SealCredential): pkijs.Certificate[] {
  return [credential.certificate, ...credential.chain];
}
