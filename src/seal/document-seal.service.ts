import { Injectable, Logger } from '@nestjs/common';
import { OutboundClient } from '../common/outbound/outbound-client';
import { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/errors/config.error';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CadesSigner, type SignatureTimestamper } from './cades-signer';
import { DocumentTimestampSigner } from './document-timestamp-signer';
import { signField } from './pdf-sealer';
import type { SealCredential } from './seal-credential';
import { SealCredentialsService } from './seal-credentials.service';
import { SealPdfUpdates } from './seal-pdf-updates';
import { signatureChains } from './signature-chains';
import { lastSignatureContents, signatureRanges } from './signature-ranges';
import { TimestampAuthorityClient } from './timestamp-authority.client';
import { ValidationDataCache, tokenCertificates } from './validation-data';
import { ArchiveRenewalUnavailableError } from './errors/archive-renewal-unavailable.error';
import { ValidationDataMissingError } from './errors/validation-data-missing.error';

export interface SealedPdf {
  bytes: Buffer;
  /**
   * `B-LTA` when a document timestamp covers the file, validation data included; `B-LT` when the file also holds the
   * validation data of the seal's and the timestamp's chains; `B-T` when a timestamp authority countersigned the
   * signature; `B-B` otherwise.
   */
  level: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
  /** At B-LTA: when the first certificate of the latest document timestamp's chain expires, so renewal is due. */
  archiveExpiresAt?: Date;
}

/** What a seal is for, and whether a failing third party may lower its level rather than fail it. */
export interface SealRequest {
  documentId: string;
  signingTime: Date;
  /**
   * False while the seal can still be tried again later (DocumentSealing's retries): a timestamp authority or
   * revocation service that fails then fails the seal. True on the last try, which makes the best seal it can.
   */
  mayLowerLevel: boolean;
}

/**
 * Seals finished PDFs with the service's PAdES signature: the last step of making a stamped document, given the
 * final bytes. At `SEAL_LEVEL` B-T and above the signature is timestamped by `TSA_URL`, at B-LT the validation data
 * fetched beforehand is added, and at B-LTA a document timestamp then covers it all. A failing authority or revocation
 * service fails the seal while it can be tried again later; on the last try the seal is made without the timestamp
 * (B-B), without the validation data it stays B-T, and without the document timestamp B-LT, each logged, because a
 * completed document must not be held back for good by a third party.
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
    private readonly updates: SealPdfUpdates,
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
   * seal's chain and of the authority's (learnt from a first token over nothing, once). Asked before each seal, with
   * no transaction open. A failure here is logged: the seal then finds the revocation data missing.
   */
  async ready(): Promise<void> {
    const credential = await this.credentials.refreshed();
    if (!this.authority || !this.withValidation()) return;
    try {
      this.authorityChain ??= tokenCertificates(await this.authority.timestamp(new Uint8Array(32)));
      await this.validation.refresh(sealChain(credential));
      await this.validation.refresh(this.authorityChain);
    } catch (error) {
      this.logger.warn(`Revocation data not fetched: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async seal(finished: Uint8Array, { documentId, signingTime, mayLowerLevel }: SealRequest): Promise<SealedPdf> {
    const credential = await this.credentials.credential();
    const signerChains = signatureChains(finished);
    const request = {
      signingTime,
      name: this.config.SEAL_NAME,
      reason: `Document ${documentId} signed by every signee`,
    };
    if (this.authority) {
      try {
        let token: pkijs.ContentInfo | undefined;
        const timestamper: SignatureTimestamper = async (value) => (token = await this.authority!.timestamp(value));
        const bytes = await this.sealed(finished, request, CadesSigner.withCredential(credential, timestamper));
        if (!this.withValidation()) return { bytes, level: 'B-T' };
        await this.refreshSignerChains(signerChains);
        const chains = [sealChain(credential), token ? tokenCertificates(token) : [], ...signerChains];
        const longTerm = await this.withValidationData(bytes, chains);
        if (longTerm.level !== 'B-LT') {
          if (!mayLowerLevel) throw new ValidationDataMissingError();
          return longTerm;
        }
        if (this.config.SEAL_LEVEL !== 'B-LTA') return longTerm;
        if (!mayLowerLevel) return await this.addDocumentTimestamp(longTerm.bytes, documentId);
        return await this.withDocumentTimestamp(longTerm.bytes, documentId);
      } catch (error) {
        if (!mayLowerLevel) throw error;
        this.logger.warn(
          `Sealing ${documentId} without a timestamp: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { bytes: await this.sealed(finished, request, CadesSigner.withCredential(credential)), level: 'B-B' };
  }

  private async sealed(
    finished: Uint8Array,
    field: { signingTime: Date; name: string; reason: string },
    signer: CadesSigner,
  ): Promise<Buffer> {
    return signField(await this.updates.addSignatureField(finished, { kind: 'seal', ...field }), signer);
  }

  /**
   * The revocation data of the signees' own certificates (an `advanced` document's), fetched now: each document has
   * its own signers, so `ready` cannot have fetched it. Sealing opens no transaction, so a slow responder holds none.
   */
  private async refreshSignerChains(chains: pkijs.Certificate[][]): Promise<void> {
    for (const chain of chains) {
      try {
        await this.validation.refresh(chain);
      } catch (error) {
        this.logger.warn(
          `Signer revocation data not fetched: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  /**
   * B-LT when every certificate of the seal's chain, the timestamp's and the signees' (`[seal, timestamp,
   * ...signees]`) has its revocation data at hand.
   */
  private async withValidationData(sealed: Buffer, chains: pkijs.Certificate[][]): Promise<SealedPdf> {
    this.authorityChain = chains[1];
    const data = this.validation.collect(chains);
    if (!data) {
      this.logger.warn(
        'Sealing at B-T: revocation data is missing for a certificate of the seal, timestamp or a signee',
      );
      return { bytes: sealed, level: 'B-T' };
    }
    return { bytes: Buffer.from(await this.updates.appendDss(sealed, data)), level: 'B-LT' };
  }

  /** B-LTA, or B-LT (logged) when the authority fails: a document completes whatever a third party does. */
  private async withDocumentTimestamp(longTerm: Buffer, documentId: string): Promise<SealedPdf> {
    try {
      return await this.addDocumentTimestamp(longTerm, documentId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Sealing ${documentId} at B-LT, without a document timestamp: ${reason}`);
      return { bytes: longTerm, level: 'B-LT' };
    }
  }

  /**
   * A document timestamp over the whole file, then the validation data of that timestamp's own chain in the DSS, with
   * a VRI entry naming it, so that the next renewal (or a validator) finds it in the file.
   */
  private async addDocumentTimestamp(bytes: Buffer, documentId: string): Promise<SealedPdf> {
    const timestamper = new DocumentTimestampSigner(this.authority!);
    const fieldName = `idflow document timestamp ${signatureRanges(bytes).length}`;
    const field = await this.updates.addSignatureField(bytes, { kind: 'document-timestamp', fieldName });
    const timestamped = await signField(field, timestamper);
    const chain = timestamper.token ? tokenCertificates(timestamper.token) : [];
    const archiveExpiresAt = earliestExpiry(chain);
    const data = this.validation.collect([chain]);
    if (!data) {
      this.logger.warn(`Document timestamp of ${documentId} left without its validation data: some is missing`);
      return { bytes: timestamped, level: 'B-LTA', archiveExpiresAt };
    }
    const withData = Buffer.from(await this.updates.appendDss(timestamped, data, lastSignatureContents(timestamped)));
    return { bytes: withData, level: 'B-LTA', archiveExpiresAt };
  }

  /** When a sealed copy's archive timestamp is due for renewal (Unix ms), ARCHIVE_RENEWAL_DAYS before it expires. */
  renewalAt(sealed: SealedPdf): number | null {
    if (!sealed.archiveExpiresAt) return null;
    return sealed.archiveExpiresAt.getTime() - this.config.ARCHIVE_RENEWAL_DAYS * 86_400_000;
  }

  /**
   * Fetches, outside the transaction that renews, fresh revocation data for the chain of a sealed file's latest
   * document timestamp (see `ready`).
   */
  async readyToRenew(sealed: Buffer): Promise<void> {
    if (!this.authority) throw new ArchiveRenewalUnavailableError();
    await this.validation.refresh(tokenCertificates(lastToken(sealed)));
  }

  /**
   * Archive renewal (ETSI EN 319 142-1, B-LTA over time): the latest document timestamp's fresh validation data into
   * the DSS, then a new document timestamp over it all and its own validation data. Unlike sealing, a failure throws:
   * the renewal is then tried again rather than recorded.
   */
  async renew(sealed: Buffer, documentId: string): Promise<SealedPdf> {
    if (!this.authority) throw new ArchiveRenewalUnavailableError();
    const data = this.validation.collect([tokenCertificates(lastToken(sealed))]);
    const refreshed = data
      ? Buffer.from(await this.updates.appendDss(sealed, data, lastSignatureContents(sealed)))
      : sealed;
    return this.addDocumentTimestamp(refreshed, documentId);
  }

  /** B-LT and B-LTA put the chains' validation data in the file. */
  private withValidation(): boolean {
    return this.config.SEAL_LEVEL === 'B-LT' || this.config.SEAL_LEVEL === 'B-LTA';
  }
}

/** The RFC 3161 token (or CMS) in the /Contents of a file's last signature. */
function lastToken(pdf: Buffer): pkijs.ContentInfo {
  return new pkijs.ContentInfo({ schema: asn1js.fromBER(lastSignatureContents(pdf)).result });
}

function earliestExpiry(chain: pkijs.Certificate[]): Date | undefined {
  const times = chain.map((certificate) => certificate.notAfter.value.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}

function sealChain(credential: SealCredential): pkijs.Certificate[] {
  return [credential.certificate, ...credential.chain];
}
