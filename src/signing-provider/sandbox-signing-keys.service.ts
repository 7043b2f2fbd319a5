import { constants, createPrivateKey, privateEncrypt, randomBytes, type webcrypto } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type * as pkijs from 'pkijs';
import type { TokenPrivateKey } from '../common/pkcs11/token-private-key';
import { AppConfig } from '../config/app-config';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { PersonsService } from '../persons/persons.service';
import { revocationPointers } from '../seal/ca-publication';
import { KEY_USAGE, generateSealKeys, issueCertificate } from '../seal/certificate-issuer';
import { certificateToPem, certificatesFromPem } from '../seal/pem';
import { subtle } from '../seal/pkijs-engine';
import { importSealKey } from '../seal/seal-private-key';
import { SignerTrustAnchors } from '../seal/signer-trust-anchors';
import { SandboxSigningKey } from './sandbox-signing-key.entity';
import { SandboxSigningKeyRepository } from './sandbox-signing-key.repository';
import { SignerKeyToken } from './signer-key-token';
import { SIGNING_CA_NAME, issueSignerCertificate } from './signer-certificate';

const CA_ID = 'ca';
const CA_YEARS = 20;

/** A signer's key as the provider uses it: the credential id, the certificate chain (the signer's first) and key. */
export interface SignerKey {
  credentialId: string;
  nin: string;
  chain: pkijs.Certificate[];
  /** RSA PKCS#1 v1.5 over a DigestInfo, by the key wherever it is (in memory or in the token). */
  signDigestInfo(digestInfo: Buffer): Buffer;
}

/**
 * The sandbox signing provider's keys: its CA, made the first time any instance needs it, and one key and certificate
 * for each synthetic test person, enrolled the first time a credential of theirs is asked for. Only test persons have
 * one: the sandbox signs for nobody real. Every key, the CA's too, is generated and used inside the PKCS#11 token
 * SANDBOX_SIGNING_PKCS11_URI names (its CKA_ID and label the key's id, nothing of it in the database), or else in
 * software and kept sealed in the database. A key keeps the place it was made in: a CA made in software before the
 * token was configured stays there, so that the certificates it issued still chain.
 */
@Injectable()
export class SandboxSigningKeys implements OnModuleInit {
  private readonly privateKeys: SealedColumn<SandboxSigningKey>;
  private ca?: Promise<{ certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey }>;

  constructor(
    private readonly keys: SandboxSigningKeyRepository,
    private readonly persons: PersonsService,
    private readonly config: AppConfig,
    private readonly signerTrustAnchors: SignerTrustAnchors,
    private readonly keyToken: SignerKeyToken,
    sealedColumns: SealedColumns,
  ) {
    this.privateKeys = sealedColumns.register({
      entity: SandboxSigningKey,
      idProperty: 'id',
      valueProperty: 'privateKey',
    });
  }

  onModuleInit(): void {
    // Only a CA already made: checking a file is no reason to make one.
    this.signerTrustAnchors.register(async () => {
      const stored = await this.keys.findById(CA_ID);
      return stored ? certificatesFromPem(stored.certificatePem) : [];
    });
  }

  /** The credential ids of a user (a NIN): one for a synthetic test person, enrolled now if need be; none otherwise. */
  async credentialsOf(nin: string): Promise<string[]> {
    const person = await this.persons.find('sandbox', nin);
    if (!person?.synthetic) return [];
    const existing = await this.keys.findByNin(nin);
    if (existing) return [existing.id];
    return [(await this.enroll(nin, person.displayName)).id];
  }

  /** A credential's key, or undefined when there is no such credential. */
  async signerKey(credentialId: string): Promise<SignerKey | undefined> {
    const stored = await this.keys.findById(credentialId);
    if (!stored?.nin) return undefined;
    const ca = await this.authority();
    const [certificate] = certificatesFromPem(stored.certificatePem);
    return {
      credentialId,
      nin: stored.nin,
      chain: [certificate, ca.certificate],
      signDigestInfo: await this.signerOf(stored),
    };
  }

  /** How the credential's key signs: from its sealed PKCS#8, or, with none stored, in the token under its id. */
  private async signerOf(stored: SandboxSigningKey): Promise<(digestInfo: Buffer) => Buffer> {
    const pkcs8 = this.pkcs8Of(stored);
    if (pkcs8.length > 0) {
      const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
      return (digestInfo) => privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo);
    }
    const key = await this.tokenKey(stored);
    return (digestInfo) => key.signDigestInfo(digestInfo);
  }

  private pkcs8Of(stored: SandboxSigningKey): Buffer {
    return Buffer.from(this.privateKeys.open(stored.id, stored.privateKey), 'base64');
  }

  /** The key the token holds under the stored key's id (its CKA_ID) that its certificate certifies. */
  private async tokenKey(stored: SandboxSigningKey): Promise<TokenPrivateKey> {
    if (!this.keyToken.configured) {
      throw new Error(`The key of ${stored.id} is in a PKCS#11 token: set SANDBOX_SIGNING_PKCS11_URI (and its PIN)`);
    }
    const [certificate] = certificatesFromPem(stored.certificatePem);
    const spki = Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false));
    const key = (await this.keyToken.token()).certifiedKeyById(Buffer.from(stored.id), spki);
    if (!key) throw new Error(`The token SANDBOX_SIGNING_PKCS11_URI names holds no key for ${stored.id}`);
    return key;
  }

  private async enroll(nin: string, name: string): Promise<SandboxSigningKey> {
    const id = `cred_${randomBytes(16).toString('hex')}`;
    const { publicKey, stored } = await this.newKey(id);
    const pointers = revocationPointers(this.config.BASE_URL, SIGNING_CA_NAME);
    const certificate = await issueSignerCertificate({ nin, name }, publicKey, await this.authority(), pointers);
    return this.keys.insertOrKeep({
      id,
      nin,
      certificatePem: certificateToPem(certificate),
      privateKey: this.privateKeys.seal(id, stored),
      createdAt: Date.now(),
    });
  }

  /**
   * A new key under this id: made inside the token, which keeps it (the PKCS#8 to store is empty), or made here, its
   * PKCS#8 base64 to be stored sealed. A key the token already holds under the id is taken again: the CA's, made before
   * a start that ended ahead of storing its certificate.
   */
  private async newKey(
    id: string,
  ): Promise<{ publicKey: webcrypto.CryptoKey; privateKey: webcrypto.CryptoKey; stored: string }> {
    if (this.keyToken.configured) {
      const token = await this.keyToken.token();
      const key = token.privateKeyById(Buffer.from(id)) ?? (await token.generateRsaKey(Buffer.from(id), id));
      return { publicKey: await key.publicCryptoKey(), privateKey: key, stored: '' };
    }
    const keys = await generateSealKeys();
    return { publicKey: keys.publicKey, privateKey: keys.privateKey, stored: await pkcs8Base64(keys.privateKey) };
  }

  /** The CA, loaded once; a failed load is tried again by the next caller. Its key also signs its OCSP answers. */
  authority(): Promise<{ certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey }> {
    this.ca ??= this.loadAuthority().catch((error: unknown) => {
      this.ca = undefined;
      throw error;
    });
    return this.ca;
  }

  private async loadAuthority(): Promise<{ certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey }> {
    const stored = (await this.keys.findById(CA_ID)) ?? (await this.keys.insertOrKeep(await this.newAuthority()));
    const [certificate] = certificatesFromPem(stored.certificatePem);
    const pkcs8 = this.pkcs8Of(stored);
    if (pkcs8.length > 0) return { certificate, privateKey: await importSealKey(pkcs8, certificate) };
    return { certificate, privateKey: await this.tokenKey(stored) };
  }

  private async newAuthority(): Promise<SandboxSigningKey> {
    const { publicKey, privateKey, stored } = await this.newKey(CA_ID);
    const certificate = await issueCertificate({
      subject: { organization: this.config.SEAL_NAME, commonName: `${this.config.SEAL_NAME} sandbox signing CA` },
      publicKey,
      selfKey: privateKey,
      isCa: true,
      keyUsage: KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign,
      validDays: CA_YEARS * 365,
    });
    return {
      id: CA_ID,
      nin: null,
      certificatePem: certificateToPem(certificate),
      privateKey: this.privateKeys.seal(CA_ID, stored),
      createdAt: Date.now(),
    };
  }

  /** The CA certificate, PEM: what a validator trusts for the sandbox signers. */
  async caPem(): Promise<string> {
    return certificateToPem((await this.authority()).certificate);
  }
}

async function pkcs8Base64(key: webcrypto.CryptoKey): Promise<string> {
  return Buffer.from(await subtle.exportKey('pkcs8', key)).toString('base64');
}
