import type { webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { X509Certificate } from '@peculiar/x509';
import type * as pkijs from 'pkijs';
import type { TokenPrivateKey } from '../common/pkcs11/token-private-key';
import { AppConfig } from '../config/app-config';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { revocationPointers } from './ca-publication';
import { type CertificateStatus, UNKNOWN_STATUS } from './certificate-status';
import { certificateToPem, certificatesFromPem } from './pem';
import { readPkcs12, readPkcs12Certificates } from './pkcs12-reader';
import { type IssuedCertificate, RevocationResponder, serialHexOf } from './revocation-responder';
import { issueSandboxSealCertificate, makeSandboxSeal } from './sandbox-seal';
import { SealCertificate } from './seal-certificate.entity';
import { SealCertificateRepository } from './seal-certificate.repository';
import type { SealCredential } from './seal-credential';
import { SealRevocationRefusedError } from './errors/seal-revocation-refused.error';
import { importSealKey } from './seal-private-key';
import { SealTokenKey } from './seal-token-key';
import type { SealCertificateSource } from './seal-certificate-source';

const SLOT = 'sandbox';

/** What revoking the sandbox seal certificate did: serial numbers in hex, the time in Unix seconds. */
export interface SealRevocation {
  revoked: string;
  revokedAt: number;
  replacedBy: string;
}

/** The name the sandbox seal CA publishes under (`caPaths`). */
export const SEAL_CA_NAME = 'idflow-seal-ca';

/** The certificate documents are sealed with now, as an operator checks it: whose it is and how long it lasts. */
export interface SealCertificateStatus {
  source: SealCertificateSource;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

/**
 * The key and certificate documents are sealed with: the operator's PKCS#12 (`SEAL_P12_PATH`), read at start so a
 * wrong path or password stops the start, or else the sandbox seal, made the first time any instance needs it and
 * kept in the database with its private key sealed, so every instance seals with the same certificate. With
 * `SEAL_KEY_PKCS11_URI` the key is the token's instead, opened at start too: the PKCS#12 then gives only the
 * certificates, and the sandbox seal CA certifies the token's key, storing no key of its own.
 */
@Injectable()
export class SealCredentialsService implements OnModuleInit {
  private readonly logger = new Logger(SealCredentialsService.name);
  private readonly privateKeys: SealedColumn<SealCertificate>;
  private readonly caPrivateKeys: SealedColumn<SealCertificate>;
  private loading?: Promise<SealCredential>;
  private responding?: Promise<RevocationResponder | undefined>;

  constructor(
    private readonly certificates: SealCertificateRepository,
    sealedColumns: SealedColumns,
    private readonly config: AppConfig,
    private readonly tokenKey: SealTokenKey,
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
    if (this.config.SEAL_P12_PATH || this.tokenKey.configured) await this.credential();
  }

  /** The credential, loaded once; a failed load is tried again by the next caller. */
  credential(): Promise<SealCredential> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /**
   * The credential, reloaded first when the sandbox seal certificate was replaced since it was loaded (revoked, on this
   * instance or another). Reads the database: a caller about to seal inside a transaction asks this before it begins.
   */
  async refreshed(): Promise<SealCredential> {
    const loaded = await this.credential();
    if (this.config.SEAL_P12_PATH) return loaded;
    const stored = await this.certificates.find(SLOT);
    if (stored && stored.certificatePem !== certificateToPem(loaded.certificate)) {
      this.loading = undefined;
      return this.credential();
    }
    return loaded;
  }

  /**
   * The seal certificate's status at the sandbox seal CA: revoked (when), good while it is the one in use, unknown
   * for any other certificate and for an operator's PKCS#12, whose CA alone knows (its revocation services, not
   * idflow, answer for it).
   */
  async statusOf(certificate: pkijs.Certificate): Promise<CertificateStatus> {
    if (this.config.SEAL_P12_PATH) return UNKNOWN_STATUS;
    const serialHex = serialHexOf(certificate);
    const revoked = await this.certificates.findRevoked(serialHex);
    if (revoked) return { status: 'revoked', revokedAt: new Date(revoked.revokedAt) };
    const current = await this.certificates.find(SLOT);
    const inUse = current && serialHexOf(certificatesFromPem(current.certificatePem)[0]) === serialHex;
    return inUse ? { status: 'good' } : UNKNOWN_STATUS;
  }

  /**
   * Revokes the sandbox seal certificate now and puts a new one from the same CA in its place, in one transaction: the
   * CA's CRL and OCSP answers name the old one revoked from then on, documents are sealed with the new one (every
   * instance reloads it before its next seal), and /verify trusts a seal by the old one only where a timestamp proves
   * it was made before. `revokedAt` is in Unix seconds.
   */
  async revokeSandboxSeal(): Promise<SealRevocation> {
    if (this.config.SEAL_P12_PATH) {
      throw new SealRevocationRefusedError("SEAL_P12_PATH is set: the operator's own CA revokes its certificates");
    }
    await this.credential();
    const replacement = await this.certificates.replace(SLOT, async (stored) => {
      const ca = await this.sandboxCa(stored);
      if (!ca) {
        throw new SealRevocationRefusedError('This sandbox seal was made before its CA key was kept: it cannot revoke');
      }
      const [seal] = certificatesFromPem(stored.certificatePem);
      const next = await issueSandboxSealCertificate(
        this.config.SEAL_NAME,
        ca,
        this.revocationPointers(),
        await this.tokenPublicKey(),
      );
      // In whole seconds, as the CRL, OCSP and /verify's times say it: a seal validated in the second of its
      // revocation is not trusted by that second.
      const revokedAt = Math.floor(Date.now() / 1000) * 1000;
      return {
        revoked: { serialHex: serialHexOf(seal), certificatePem: stored.certificatePem, revokedAt },
        certificatePem: next.certificatePem,
        privateKey: this.privateKeys.seal(SLOT, next.privateKey),
      };
    });
    const outcome = {
      revoked: replacement.revoked.serialHex,
      revokedAt: replacement.revoked.revokedAt / 1000,
      replacedBy: serialHexOf(certificatesFromPem(replacement.certificatePem)[0]),
    };
    this.loading = undefined;
    this.logger.log(`Revoked the sandbox seal certificate ${outcome.revoked}; sealing with ${outcome.replacedBy}`);
    return outcome;
  }

  /** The certificate sealing now: reloaded first when another instance replaced the sandbox seal. */
  async certificateStatus(): Promise<SealCertificateStatus> {
    const { certificate } = await this.refreshed();
    const read = new X509Certificate(certificate.toSchema().toBER(false));
    return {
      source: this.config.SEAL_P12_PATH ? 'pkcs12' : 'sandbox',
      subject: read.subject,
      issuer: read.issuer,
      serialNumber: serialHexOf(certificate),
      notBefore: read.notBefore,
      notAfter: read.notAfter,
    };
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
    const ca = await this.sandboxCa(await this.certificates.get(SLOT));
    return ca && new RevocationResponder(ca.certificate, ca.privateKey, () => this.issuedCertificates());
  }

  /** The sandbox seal CA's certificate and key; undefined for a seal made before the CA's key was kept. */
  private async sandboxCa(
    stored: SealCertificate,
  ): Promise<{ certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey } | undefined> {
    if (!stored.caPrivateKey) return undefined;
    const [certificate] = certificatesFromPem(stored.caPem);
    const pkcs8 = Buffer.from(this.caPrivateKeys.open(SLOT, stored.caPrivateKey), 'base64');
    return { certificate, privateKey: await importSealKey(pkcs8, certificate) };
  }

  /** Every certificate the sandbox seal CA issued: the one in use, and those it revoked. */
  private async issuedCertificates(): Promise<IssuedCertificate[]> {
    const [stored, revoked] = await Promise.all([this.certificates.get(SLOT), this.certificates.allRevoked()]);
    const [current] = certificatesFromPem(stored.certificatePem);
    return [
      { serialHex: serialHexOf(current) },
      ...revoked.map(({ serialHex, revokedAt }) => ({ serialHex, revokedAt: new Date(revokedAt) })),
    ];
  }

  private revocationPointers() {
    return revocationPointers(this.config.BASE_URL, SEAL_CA_NAME);
  }

  private async load(): Promise<SealCredential> {
    const tokenKey = this.tokenKey.configured ? await this.tokenKey.key() : undefined;
    const path = this.config.SEAL_P12_PATH;
    if (path) {
      const password = this.config.SEAL_P12_PASSWORD ?? '';
      const file = await readFile(path);
      const opened = await (
        tokenKey
          ? readPkcs12Certificates(file, password, tokenKey.spki()).then((certificates) => ({
              certificates,
              privateKey: tokenKey,
            }))
          : readPkcs12(file, password).then(async ({ privateKey, certificates }) => ({
              certificates,
              privateKey: await importSealKey(privateKey, certificates[0]),
            }))
      ).catch((error: unknown) => {
        throw new Error(`SEAL_P12_PATH ${path}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      });
      const [certificate, ...chain] = opened.certificates;
      this.logger.log(
        `Documents are sealed with the ${tokenKey ? 'key in the PKCS#11 token and the certificates' : 'PKCS#12'} ` +
          `at ${path} (${opened.certificates.length} certificates)`,
      );
      return {
        certificate,
        chain,
        privateKey: opened.privateKey,
        trustAnchors: [chain.length > 0 ? chain[chain.length - 1] : certificate],
      };
    }
    let stored = (await this.certificates.find(SLOT)) ?? (await this.createSandboxSeal());
    if (tokenKey) stored = await this.certifiedForToken(stored, tokenKey);
    const [certificate] = certificatesFromPem(stored.certificatePem);
    const chain = certificatesFromPem(stored.caPem);
    return {
      certificate,
      chain,
      privateKey: tokenKey ?? (await this.storedKey(stored, certificate)),
      trustAnchors: chain,
    };
  }

  /** The sandbox seal's own key, sealed in its row; a row certifying a token's key has none. */
  private async storedKey(stored: SealCertificate, certificate: pkijs.Certificate): Promise<webcrypto.CryptoKey> {
    const pkcs8 = Buffer.from(this.privateKeys.open(SLOT, stored.privateKey), 'base64');
    if (pkcs8.length === 0) {
      throw new Error("The sandbox seal's key is in a PKCS#11 token: set SEAL_KEY_PKCS11_URI (and its PIN) again");
    }
    return importSealKey(pkcs8, certificate);
  }

  /**
   * The sandbox seal row, its certificate for the token's key: a seal made before the key moved into the token
   * certifies another key, so the same CA certifies the token's now. The old certificate is not revoked: what it
   * sealed stays valid.
   */
  private async certifiedForToken(stored: SealCertificate, tokenKey: TokenPrivateKey): Promise<SealCertificate> {
    const [current] = certificatesFromPem(stored.certificatePem);
    const certified = Buffer.from(current.subjectPublicKeyInfo.toSchema().toBER(false));
    if (certified.equals(tokenKey.spki())) return stored;
    const ca = await this.sandboxCa(stored);
    if (!ca) throw new Error('This sandbox seal was made before its CA key was kept: it cannot certify the token key');
    const next = await issueSandboxSealCertificate(
      this.config.SEAL_NAME,
      ca,
      this.revocationPointers(),
      await tokenKey.publicCryptoKey(),
    );
    const privateKey = this.privateKeys.seal(SLOT, next.privateKey);
    await this.certificates.recertify(SLOT, next.certificatePem, privateKey);
    this.logger.log('The sandbox seal CA certified the seal key in the PKCS#11 token');
    return { ...stored, certificatePem: next.certificatePem, privateKey };
  }

  private async tokenPublicKey(): Promise<webcrypto.CryptoKey | undefined> {
    return this.tokenKey.configured ? (await this.tokenKey.key()).publicCryptoKey() : undefined;
  }

  /** First use: insert a new sandbox seal unless another instance got there first, then read whichever won. */
  private async createSandboxSeal(): Promise<SealCertificate> {
    const made = await makeSandboxSeal(this.config.SEAL_NAME, this.revocationPointers(), await this.tokenPublicKey());
    const stored = await this.certificates.insertOrKeep({
      slot: SLOT,
      certificatePem: made.certificatePem,
      caPem: made.caPem,
      privateKey: this.privateKeys.seal(SLOT, made.privateKey),
      caPrivateKey: this.caPrivateKeys.seal(SLOT, made.caPrivateKey),
      createdAt: Date.now(),
    });
    if (stored.certificatePem === made.certificatePem) this.logger.log('Made the sandbox seal CA and seal certificate');
    return stored;
  }
}
