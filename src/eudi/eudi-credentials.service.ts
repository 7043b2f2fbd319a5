import { readFile } from 'node:fs/promises';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { X509Certificate } from '@peculiar/x509';
import { AppConfig } from '../config/app-config';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import type { Environment } from '../tenants/environment';
import { EudiCertificate } from './eudi-certificate.entity';
import { EudiCertificateRepository } from './eudi-certificate.repository';
import type { PidFormat } from './pid-claims';
import { type PidProvidersList, isCompactJws, pidProvidersOf } from './pid-providers-list';
import {
  type MadeCertificate,
  certificatesOfPem,
  importEcPrivateKey,
  issueLeaf,
  makeCa,
  makeSelfSignedLeaf,
} from './eudi-certificates';
import type { SigningCertificate } from './signing-certificate';
import { readVerifierPkcs12 } from './verifier-pkcs12';
import type { TrustListForm } from './trust-list-form';

/**
 * The trust list of PID issuers as read at start: a PEM bundle, or an EU PID providers list with its issue and next
 * update times; none when EUDI_TRUST_LIST_PATH is unset (production flows then trust no PID issuer).
 */
export interface TrustListStatus {
  form: TrustListForm;
  certificates: X509Certificate[];
  issuedAt: Date | null;
  nextUpdate: Date | null;
}

const SLOTS = {
  verifier: 'verifier',
  pidIssuerCa: 'pid-issuer-ca',
  pidIssuer: 'pid-issuer',
  mdocPidIssuer: 'pid-issuer-mdoc',
} as const;
const VERIFIER_DAYS = 5 * 365;
const CA_DAYS = 20 * 365;
const ISSUER_DAYS = 5 * 365;

/**
 * The certificates of the EU wallet verifier: the operator's verifier certificate and key (read at start, so a wrong
 * path stops it) or a sandbox one made once; the trust list of PID issuers; and the sandbox PID issuer. What idflow
 * makes itself is kept in the database with the private key sealed, so every instance uses the same.
 */
@Injectable()
export class EudiCredentialsService implements OnModuleInit {
  private readonly logger = new Logger(EudiCredentialsService.name);
  private readonly privateKeys: SealedColumn<EudiCertificate>;
  private readonly loaded = new Map<string, Promise<SigningCertificate>>();
  private configuredList?: Promise<TrustListStatus>;

  constructor(
    private readonly certificates: EudiCertificateRepository,
    sealedColumns: SealedColumns,
    private readonly config: AppConfig,
  ) {
    this.privateKeys = sealedColumns.register({
      entity: EudiCertificate,
      idProperty: 'slot',
      valueProperty: 'privateKey',
    });
  }

  async onModuleInit(): Promise<void> {
    if (Boolean(this.config.EUDI_VERIFIER_CERT_PATH) !== Boolean(this.config.EUDI_VERIFIER_KEY_PATH)) {
      throw new Error('EUDI_VERIFIER_CERT_PATH and EUDI_VERIFIER_KEY_PATH go together: set both or neither');
    }
    if (this.config.EUDI_VERIFIER_P12_PATH && this.config.EUDI_VERIFIER_CERT_PATH) {
      throw new Error(
        'EUDI_VERIFIER_P12_PATH replaces EUDI_VERIFIER_CERT_PATH and EUDI_VERIFIER_KEY_PATH: set one or the other',
      );
    }
    if (this.config.EUDI_VERIFIER_CERT_PATH || this.config.EUDI_VERIFIER_P12_PATH) await this.verifier();
    if (this.config.EUDI_TRUST_LIST_PATH) await this.trustedIssuerCas('production');
  }

  /** The certificate and key request objects are signed with. */
  verifier(): Promise<SigningCertificate> {
    return this.once(SLOTS.verifier, () => this.loadVerifier());
  }

  /**
   * The sandbox PID issuer of PIDs in this form: an end-entity certificate under the sandbox PID issuer CA, with its
   * key. The mdoc one is a document signer of its own, since ISO 18013-5 wants a country (C) in its subject.
   */
  sandboxPidIssuer(format: PidFormat = 'dc+sd-jwt'): Promise<SigningCertificate> {
    const slot = format === 'mso_mdoc' ? SLOTS.mdocPidIssuer : SLOTS.pidIssuer;
    const name = `${this.config.SEAL_NAME} sandbox PID issuer`;
    const subject =
      format === 'mso_mdoc'
        ? `CN=${name} (mdoc), O=${this.config.SEAL_NAME}, C=EU`
        : `CN=${name}, O=${this.config.SEAL_NAME}`;
    return this.once(slot, async () => {
      const ca = await this.sandboxPidIssuerCa();
      const stored = await this.storedOrMade(slot, () =>
        issueLeaf(subject, ISSUER_DAYS, { certificate: ca.chain[0], privateKey: ca.privateKey }),
      );
      return { chain: [...stored.chain, ...ca.chain], privateKey: stored.privateKey };
    });
  }

  /** The sandbox PID issuer's CA certificate, in PEM, for integrators' own test wallets and verifiers. */
  async sandboxPidIssuerCaPem(): Promise<string> {
    return (await this.sandboxPidIssuerCa()).chain[0].toString('pem') + '\n';
  }

  /**
   * The CAs whose PIDs a flow of this environment accepts: the operator's trust list, and in the sandbox the
   * sandbox PID issuer's CA too (never in production, whose flows must rest on real issuers only).
   */
  async trustedIssuerCas(environment: Environment): Promise<X509Certificate[]> {
    const configured = (await this.trustList()).certificates;
    if (environment !== 'sandbox') return configured;
    return [...configured, (await this.sandboxPidIssuerCa()).chain[0]];
  }

  /** The trust list of PID issuers, read once per process: a list read at start serves until the next start. */
  trustList(): Promise<TrustListStatus> {
    return (this.configuredList ??= this.readTrustList());
  }

  private sandboxPidIssuerCa(): Promise<SigningCertificate> {
    return this.once(SLOTS.pidIssuerCa, () =>
      this.storedOrMade(SLOTS.pidIssuerCa, () =>
        makeCa(`CN=${this.config.SEAL_NAME} sandbox PID issuer CA, O=${this.config.SEAL_NAME}`, CA_DAYS),
      ),
    );
  }

  private async readTrustList(): Promise<TrustListStatus> {
    const path = this.config.EUDI_TRUST_LIST_PATH;
    if (!path) return { form: 'none', certificates: [], issuedAt: null, nextUpdate: null };
    const text = await readFile(path, 'utf8');
    const read: TrustListStatus = isCompactJws(text)
      ? { form: 'pid-providers-list', ...(await this.readPidProvidersList(path, text.trim())) }
      : { form: 'pem', certificates: certificatesOfPem(text), issuedAt: null, nextUpdate: null };
    if (read.certificates.length === 0) throw new Error(`EUDI_TRUST_LIST_PATH ${path}: no PEM certificate in it`);
    this.logger.log(`PID issuers are trusted from ${path} (${read.certificates.length} certificates)`);
    return read;
  }

  private async readPidProvidersList(path: string, jws: string): Promise<PidProvidersList> {
    const signerPath = this.config.EUDI_TRUST_LIST_SIGNER_PATH;
    if (!signerPath) {
      throw new Error(
        `EUDI_TRUST_LIST_PATH ${path} is a list of trusted entities: EUDI_TRUST_LIST_SIGNER_PATH must name its signer`,
      );
    }
    const signers = certificatesOfPem(await readFile(signerPath, 'utf8'));
    if (signers.length === 0) throw new Error(`EUDI_TRUST_LIST_SIGNER_PATH ${signerPath}: no PEM certificate in it`);
    return pidProvidersOf(jws, signers, `EUDI_TRUST_LIST_PATH ${path}`);
  }

  private async loadVerifier(): Promise<SigningCertificate> {
    const p12Path = this.config.EUDI_VERIFIER_P12_PATH;
    if (p12Path) {
      const read = await readVerifierPkcs12(p12Path, this.config.EUDI_VERIFIER_P12_PASSWORD ?? '');
      this.logger.log(`Request objects are signed with the verifier certificate in the PKCS#12 at ${p12Path}`);
      return read;
    }
    const certificatePath = this.config.EUDI_VERIFIER_CERT_PATH;
    const keyPath = this.config.EUDI_VERIFIER_KEY_PATH;
    if (!certificatePath || !keyPath) {
      return this.storedOrMade(SLOTS.verifier, () =>
        makeSelfSignedLeaf(`CN=${this.config.SEAL_NAME} sandbox verifier, O=${this.config.SEAL_NAME}`, VERIFIER_DAYS),
      );
    }
    const chain = certificatesOfPem(await readFile(certificatePath, 'utf8'));
    if (chain.length === 0) throw new Error(`EUDI_VERIFIER_CERT_PATH ${certificatePath}: no PEM certificate in it`);
    const keyPem = await readFile(keyPath, 'utf8');
    const der = Buffer.from(keyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
    const privateKey = await importEcPrivateKey(der).catch((error: unknown) => {
      throw new Error(`EUDI_VERIFIER_KEY_PATH ${keyPath}: not a P-256 PKCS#8 key`, { cause: error });
    });
    this.logger.log(`Request objects are signed with the verifier certificate at ${certificatePath}`);
    return { chain, privateKey };
  }

  /** Loaded once per process; a failed load is tried again by the next caller. */
  private once(slot: string, load: () => Promise<SigningCertificate>): Promise<SigningCertificate> {
    let loading = this.loaded.get(slot);
    if (!loading) {
      loading = load().catch((error: unknown) => {
        this.loaded.delete(slot);
        throw error;
      });
      this.loaded.set(slot, loading);
    }
    return loading;
  }

  /** The stored certificate of a slot, or on first use a new one, unless another instance got there first. */
  private async storedOrMade(slot: string, make: () => Promise<MadeCertificate>): Promise<SigningCertificate> {
    let stored = await this.certificates.find(slot);
    if (!stored) {
      const made = await make();
      stored = await this.certificates.insertOrKeep({
        slot,
        certificatePem: made.certificatePem,
        privateKey: this.privateKeys.seal(slot, made.privateKey),
        createdAt: Date.now(),
      });
      if (stored.certificatePem === made.certificatePem) this.logger.log(`Made the sandbox ${slot} certificate`);
    }
    const pkcs8 = Buffer.from(this.privateKeys.open(slot, stored.privateKey), 'base64');
    // Extractable: the sandbox wallet hands its issuer's key to the mdoc library as a JWK.
    return { chain: certificatesOfPem(stored.certificatePem), privateKey: await importEcPrivateKey(pkcs8, true) };
  }
}
