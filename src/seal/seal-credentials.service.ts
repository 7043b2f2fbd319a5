import { readFile } from 'node:fs/promises';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { certificateToPem, certificatesFromPem } from './pem';
import { readPkcs12 } from './pkcs12-reader';
import { RevocationResponder } from './revocation-responder';
import { makeSandboxSeal } from './sandbox-seal';
import { SealCertificate } from './seal-certificate.entity';
import type { SealCredential } from './seal-credential';
import { importSealKey } from './seal-private-key';

const SLOT = 'sandbox';
/** Where the sandbox seal CA publishes, under BASE_URL; written into the seal certificate, so they never move. */
export const SEAL_CA_PATHS = {
  certificate: '.well-known/idflow-seal-ca.cer',
  crl: '.well-known/idflow-seal-ca.crl',
  ocsp: '.well-known/idflow-seal-ca/ocsp',
} as const;

/**
 * The key and certificate documents are sealed with: the operator's PKCS#12 (`SEAL_P12_PATH`), read at start so a
 * wrong path or password stops the start, or else the sandbox seal, made the first time any instance needs it and
 * kept in the database with its private key sealed, so every instance seals with the same certificate.
 */
@Injectable()
export class SealCredentialsService implements OnModuleInit {
  private readonly logger = new Logger(SealCredentialsService.name);
  private readonly privateKeys: SealedColumn<SealCertificate>;
  private readonly caPrivateKeys: SealedColumn<SealCertificate>;
  private loading?: Promise<SealCredential>;
  private responding?: Promise<RevocationResponder | undefined>;

  constructor(
    @InjectRepository(SealCertificate) private readonly certificates: Repository<SealCertificate>,
    sealedColumns: SealedColumns,
    private readonly config: AppConfig,
  ) {
    this.privateKeys = sealedColumns.register({
      entity: SealCertificate,
      idProperty: 'slot',
      valueProperty: 'privateKey',
    });
    this.caPrivateKeys = sealedColumns.register({
      entity: SealCertificate,
      idProperty: 'slot',
      valueProperty: 'caPrivateKey',
    });
  }

  async onModuleInit(): Promise<void> {
    if (this.config.SEAL_P12_PATH) await this.credential();
  }

  /** The credential, loaded once; a failed load is tried again by the next caller. */
  credential(): Promise<SealCredential> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /** The PEM a validator is told to trust: the sandbox seal CA, or the root of the operator's chain. */
  async trustAnchorPem(): Promise<string> {
    return (await this.credential()).trustAnchors.map(certificateToPem).join('');
  }

  /**
   * The sandbox seal CA's CRL and OCSP answers, signed with its key; undefined with an operator's PKCS#12 (its CA
   * answers for itself) and for a sandbox seal made before the CA's key was kept.
   */
  revocationResponder(): Promise<RevocationResponder | undefined> {
    this.responding ??= this.makeResponder().catch((error: unknown) => {
      this.responding = undefined;
      throw error;
    });
    return this.responding;
  }

  private async makeResponder(): Promise<RevocationResponder | undefined> {
    if (this.config.SEAL_P12_PATH) return undefined;
    await this.credential();
    const stored = await this.certificates.findOneByOrFail({ slot: SLOT });
    if (!stored.caPrivateKey) return undefined;
    const [ca] = certificatesFromPem(stored.caPem);
    const [seal] = certificatesFromPem(stored.certificatePem);
    const caKey = await importSealKey(Buffer.from(this.caPrivateKeys.open(SLOT, stored.caPrivateKey), 'base64'), ca);
    const serialHex = Buffer.from(seal.serialNumber.valueBlock.valueHexView).toString('hex');
    return new RevocationResponder(ca, caKey, () => Promise.resolve([{ serialHex }]));
  }

  private async load(): Promise<SealCredential> {
    const path = this.config.SEAL_P12_PATH;
    if (path) {
      const { privateKey, certificates } = await readPkcs12(
        await readFile(path),
        this.config.SEAL_P12_PASSWORD ?? '',
      ).catch((error: unknown) => {
        throw new Error(`SEAL_P12_PATH ${path}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      });
      const [certificate, ...chain] = certificates;
      this.logger.log(`Documents are sealed with the PKCS#12 at ${path} (${certificates.length} certificates)`);
      return {
        certificate,
        chain,
        privateKey: await importSealKey(privateKey, certificate),
        trustAnchors: [chain.length > 0 ? chain[chain.length - 1] : certificate],
      };
    }
    const stored = (await this.certificates.findOneBy({ slot: SLOT })) ?? (await this.createSandboxSeal());
    const [certificate] = certificatesFromPem(stored.certificatePem);
    const chain = certificatesFromPem(stored.caPem);
    const pkcs8 = Buffer.from(this.privateKeys.open(SLOT, stored.privateKey), 'base64');
    return { certificate, chain, privateKey: await importSealKey(pkcs8, certificate), trustAnchors: chain };
  }

  /** First use: insert a new sandbox seal unless another instance got there first, then read whichever won. */
  private async createSandboxSeal(): Promise<SealCertificate> {
    const base = this.config.BASE_URL;
    const made = await makeSandboxSeal(this.config.SEAL_NAME, {
      ocspUrl: `${base}/${SEAL_CA_PATHS.ocsp}`,
      caIssuersUrl: `${base}/${SEAL_CA_PATHS.certificate}`,
      crlUrl: `${base}/${SEAL_CA_PATHS.crl}`,
    });
    await this.certificates
      .createQueryBuilder()
      .insert()
      .values({
        slot: SLOT,
        certificatePem: made.certificatePem,
        caPem: made.caPem,
        privateKey: this.privateKeys.seal(SLOT, made.privateKey),
        caPrivateKey: this.caPrivateKeys.seal(SLOT, made.caPrivateKey),
        createdAt: Date.now(),
      })
      .orIgnore()
      .execute();
    const stored = await this.certificates.findOneByOrFail({ slot: SLOT });
    if (stored.certificatePem === made.certificatePem) this.logger.log('Made the sandbox seal CA and seal certificate');
    return stored;
  }
}
