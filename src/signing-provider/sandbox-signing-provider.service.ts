import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import {
  SIGNATURE_AUTHORIZATION_DATA_ID,
  SIGNATURE_AUTHORIZATION_TYPE,
  type SignatureAuthorizationClaims,
} from '../remote-signing/signature-authorization';
import { ServiceKeyService } from '../service-key/service-key.service';
import { CscRefusal } from './errors/csc-refusal.error';
import { checkWalletApproval } from './wallet-approval';
import { SIGNATURE_RECEIPT_TYPE } from '../signatures/signing-challenge';
import { type SignerKey, SandboxSigningKeys } from './sandbox-signing-keys.service';
import { CSC_OID, SANDBOX_CLIENT, cscBasePath } from '../remote-signing/csc-constants';

const ACCESS_TOKEN_TYPE = 'at+jwt';
const SAD_TYPE = 'csc-sad+jwt';
const ACCESS_TOKEN_SECONDS = 3600;
const SAD_SECONDS = 300;
/** DER of the DigestInfo prefix for SHA-256 (RFC 8017 9.2): a PKCS#1 v1.5 signature is over it and the hash. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export interface AuthorizeRequest {
  credentialID: string;
  numSignatures: number;
  hashes: string[];
  hashAlgorithmOID: string;
  authData?: Array<{ id: string; value: string }>;
}

export interface SignHashRequest {
  credentialID: string;
  SAD: string;
  hashes: string[];
  hashAlgorithmOID: string;
  signAlgo: string;
}

/**
 * The sandbox's remote signing service provider, over the CSC API v2 (docs/documents.md): OAuth2 client credentials
 * for the service that calls it, credentials per user (the NIN), and SCAL2: a signature activation data (SAD) is given
 * only for the hashes idflow's signature authorization names, and signs exactly those. Tokens and SADs are JWTs of the
 * service key, so every instance checks what another gave. Its checks are the contract an external provider keeps.
 */
@Injectable()
export class SandboxSigningProvider {
  constructor(
    private readonly keys: SandboxSigningKeys,
    private readonly serviceKey: ServiceKeyService,
    private readonly config: AppConfig,
  ) {}

  private get issuer(): string {
    return `${this.config.BASE_URL}/${cscBasePath}`;
  }

  /** CSC v2 `info`. */
  info() {
    return {
      specs: '2.0.0.2',
      name: `${this.config.SEAL_NAME} sandbox signing provider`,
      logo: `${this.config.BASE_URL}/app/icon.svg`,
      region: 'NG',
      lang: 'en',
      description: 'Sandbox remote signing for test persons; keys and certificates are not for real use',
      authType: ['oauth2client'],
      oauth2: this.issuer,
      methods: ['credentials/list', 'credentials/info', 'credentials/authorize', 'signatures/signHash'],
    };
  }

  /** OAuth2 client credentials grant (RFC 6749 4.4) for the sandbox client. */
  async token(grantType: string, clientId: string, clientSecret: string) {
    if (grantType !== 'client_credentials') {
      throw new CscRefusal(400, 'unsupported_grant_type', 'Only client_credentials is granted');
    }
    if (clientId !== SANDBOX_CLIENT.id || !sameText(clientSecret, SANDBOX_CLIENT.secret)) {
      throw new CscRefusal(401, 'invalid_client', 'Unknown client or wrong secret');
    }
    const accessToken = await this.serviceKey.sign(
      { sub: clientId },
      { issuer: this.issuer, expiresInSeconds: ACCESS_TOKEN_SECONDS, type: ACCESS_TOKEN_TYPE },
    );
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS };
  }

  /** Refuses a call without a bearer access token this provider gave. */
  async authenticate(authorization: string | undefined): Promise<void> {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    const claims = token ? await this.serviceKey.verify(token, { issuer: this.issuer, type: ACCESS_TOKEN_TYPE }) : null;
    if (!claims) throw new CscRefusal(401, 'invalid_token', 'A valid bearer access token is required');
  }

  /** CSC v2 `credentials/list`: with service authorization, the user is named by `userID`. */
  async listCredentials(userID: string | undefined) {
    if (!userID) throw new CscRefusal(400, 'invalid_request', 'Missing (or invalid type) string parameter userID');
    return { credentialIDs: await this.keys.credentialsOf(userID) };
  }

  /** CSC v2 `credentials/info`, with the whole chain. */
  async credentialInfo(credentialID: string) {
    const key = await this.signerKey(credentialID);
    const [certificate] = key.chain;
    return {
      key: { status: 'enabled', algo: [CSC_OID.sha256WithRsa], len: 2048 },
      cert: {
        status: 'valid',
        certificates: key.chain.map((item) => Buffer.from(item.toSchema(true).toBER(false)).toString('base64')),
        serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
        validFrom: certificate.notBefore.value.toISOString(),
        validTo: certificate.notAfter.value.toISOString(),
      },
      authMode: 'explicit',
      SCAL: '2',
      multisign: 1,
    };
  }

  /**
   * CSC v2 `credentials/authorize`: a SAD for exactly these hashes, once idflow's signature authorization (a JWT of
   * its service key) says that the credential's owner approved them.
   */
  async authorize(request: AuthorizeRequest) {
    const key = await this.signerKey(request.credentialID);
    this.refuseOtherAlgorithm(request.hashAlgorithmOID);
    const evidence = request.authData?.find((item) => item.id === SIGNATURE_AUTHORIZATION_DATA_ID)?.value;
    const claims = evidence
      ? ((await this.serviceKey.verify(evidence, {
          issuer: this.config.BASE_URL,
          type: SIGNATURE_AUTHORIZATION_TYPE,
        })) as Partial<SignatureAuthorizationClaims> | null)
      : null;
    if (!claims) throw new CscRefusal(400, 'invalid_request', 'No valid signature authorization of the user');
    if (claims.sub !== key.nin || claims.credentialID !== key.credentialId) {
      throw new CscRefusal(400, 'invalid_request', 'The signature authorization is for another user or credential');
    }
    if (claims.numSignatures !== request.numSignatures || !sameHashes(claims.hashes ?? [], request.hashes)) {
      throw new CscRefusal(400, 'invalid_request', 'The signature authorization is for other hashes');
    }
    await this.checkApproval(claims, key);
    const sad = await this.serviceKey.sign(
      { credentialID: key.credentialId, hashes: [...request.hashes].sort(), numSignatures: request.numSignatures },
      { issuer: this.issuer, expiresInSeconds: SAD_SECONDS, type: SAD_TYPE },
    );
    return { SAD: sad, expiresIn: SAD_SECONDS };
  }

  /**
   * The approval must be idflow's receipt (signed by its service key) of the credential owner's approval of exactly the
   * document the authorization names: a device's signature over its SHA-256, or an EU wallet's, whose key binding JWT
   * must then bind that document too (wallet-approval.ts). Without one, or with one of another person or document, the
   * authorization authorizes nothing.
   */
  private async checkApproval(claims: Partial<SignatureAuthorizationClaims>, key: SignerKey): Promise<void> {
    const receipt = claims.approval
      ? await this.serviceKey.verify(claims.approval, { issuer: this.config.BASE_URL, type: SIGNATURE_RECEIPT_TYPE })
      : null;
    if (!receipt) throw new CscRefusal(400, 'invalid_request', 'The approval is not a signature receipt idflow signed');
    const sha256 = claims.document?.sha256 ?? '';
    if (receipt.sub !== key.nin) throw new CscRefusal(400, 'invalid_request', 'The approval is another person’s');
    if (receipt.payload_sha256 !== sha256) {
      throw new CscRefusal(400, 'invalid_request', 'The approval is of another document than this authorization names');
    }
    if (receipt.key_binding !== undefined) await checkWalletApproval(receipt, { sha256 });
  }

  /** CSC v2 `signatures/signHash`: RSA PKCS#1 v1.5 over each SHA-256 hash, only those the SAD was given for. */
  async signHash(request: SignHashRequest) {
    const key = await this.signerKey(request.credentialID);
    this.refuseOtherAlgorithm(request.hashAlgorithmOID);
    if (request.signAlgo !== CSC_OID.sha256WithRsa && request.signAlgo !== CSC_OID.rsaEncryption) {
      throw new CscRefusal(400, 'invalid_request', 'Invalid parameter signAlgo');
    }
    const sad = await this.serviceKey.verify(request.SAD, { issuer: this.issuer, type: SAD_TYPE });
    const authorized = Array.isArray(sad?.hashes) ? (sad.hashes as string[]) : [];
    if (
      !sad ||
      sad.credentialID !== key.credentialId ||
      request.hashes.length > Number(sad.numSignatures) ||
      !request.hashes.every((hash) => authorized.includes(hash))
    ) {
      throw new CscRefusal(400, 'invalid_request', 'The SAD does not authorize these hashes for this credential');
    }
    return { signatures: request.hashes.map((hash) => signDigest(key, Buffer.from(hash, 'base64'))) };
  }

  private async signerKey(credentialID: string): Promise<SignerKey> {
    const key = credentialID ? await this.keys.signerKey(credentialID) : undefined;
    if (!key) throw new CscRefusal(400, 'invalid_request', 'Invalid parameter credentialID');
    return key;
  }

  private refuseOtherAlgorithm(hashAlgorithmOID: string): void {
    if (hashAlgorithmOID !== CSC_OID.sha256) {
      throw new CscRefusal(400, 'invalid_request', 'Only SHA-256 hashes (2.16.840.1.101.3.4.2.1) are signed');
    }
  }
}

/** A PKCS#1 v1.5 signature over a SHA-256 hash, base64: the DigestInfo is the client's hash, as a token would have it. */
function signDigest(key: SignerKey, hash: Buffer): string {
  if (hash.length !== 32) throw new CscRefusal(400, 'invalid_request', 'A hash is not a SHA-256 hash');
  const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, hash]);
  return key.signDigestInfo(digestInfo).toString('base64');
}

function sameHashes(authorized: string[], requested: string[]): boolean {
  const sorted = (list: string[]) => JSON.stringify([...list].sort());
  return sorted(authorized) === sorted(requested);
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
