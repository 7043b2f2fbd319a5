import { Injectable } from '@nestjs/common';
import { type CryptoKey, JWK, compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { AppConfig } from '../config/app-config';
import { ServiceKeyService } from '../service-key/service-key.service';
import {
  DEVICE_SIGNATURE_TYPE,
  DeviceSignaturePayload,
  SIGNATURE_RECEIPT_TYPE,
  SigningChallenge,
} from './signing-challenge';

/** The key of the device that signed, as the verifier needs it. */
export interface SigningDevice {
  id: string;
  nin: string;
  alg: string;
  publicJwk: string;
}

export interface SignatureReceipt {
  receipt: string;
  signedAt: number;
}

/**
 * An approval by an EU wallet: its holder (the holder key's pseudonym, or the NIN its PID proved), the key binding JWT
 * that bound the transaction, the key it is signed with, and the transaction data it bound with their hashes.
 */
export interface WalletApproval {
  holder: string;
  flow: string;
  /** The SHA-256 (hex) of what was approved: the flow's text, or the document a signature authorization names. */
  payloadSha256: string;
  keyBinding: string;
  holderKey: JWK;
  transactionData: string[];
  transactionDataHashes: string[];
}

const refused = (message: string) =>
  new RequestValidationError([{ code: 'custom', path: ['signature'], message }], 'The signature is not valid');

/**
 * Verifies a device's signature over a signing challenge and issues the service's receipt for it (DESIGN section 7):
 * a JWS by the service key binding the signer's NIN, the flow, the payload digest, the device and its own signature.
 */
@Injectable()
export class SignatureReceiptsService {
  constructor(
    private readonly serviceKey: ServiceKeyService,
    private readonly config: AppConfig,
  ) {}

  async verifyAndReceipt(device: SigningDevice, challenge: SigningChallenge, jws: string): Promise<SignatureReceipt> {
    await this.verifyDeviceSignature(device, challenge, jws);
    const signedAt = Date.now();
    const receipt = await this.serviceKey.sign(
      {
        sub: device.nin,
        flow: challenge.flow,
        payload_sha256: challenge.payloadSha256,
        device: device.id,
        device_signature: jws,
        signed_at: Math.floor(signedAt / 1000),
      },
      { issuer: this.config.BASE_URL, type: SIGNATURE_RECEIPT_TYPE },
    );
    return { receipt, signedAt };
  }

  /**
   * The receipt for a transaction an EU wallet approved, verified by the wallet verifier: the key binding JWT takes the
   * device signature's place, with the key it is signed with (`cnf`), the transaction data it bound and their hashes,
   * so the receipt can be checked offline: a signing service provider reads a document signature authorization there.
   */
  async receiptForWallet(approval: WalletApproval): Promise<SignatureReceipt> {
    const signedAt = Date.now();
    const receipt = await this.serviceKey.sign(
      {
        sub: approval.holder,
        flow: approval.flow,
        payload_sha256: approval.payloadSha256,
        key_binding: approval.keyBinding,
        cnf: { jwk: approval.holderKey },
        transaction_data: approval.transactionData,
        transaction_data_hashes: approval.transactionDataHashes,
        signed_at: Math.floor(signedAt / 1000),
      },
      { issuer: this.config.BASE_URL, type: SIGNATURE_RECEIPT_TYPE },
    );
    return { receipt, signedAt };
  }

  private async verifyDeviceSignature(device: SigningDevice, challenge: SigningChallenge, jws: string): Promise<void> {
    let header;
    try {
      header = decodeProtectedHeader(jws);
    } catch {
      throw refused('signature must be a compact JWS');
    }
    if (header.typ !== DEVICE_SIGNATURE_TYPE) throw refused(`signature typ must be ${DEVICE_SIGNATURE_TYPE}`);
    if (header.alg !== device.alg) throw refused(`signature must be made with the device's ${device.alg} key`);
    const key = (await importJWK(JSON.parse(device.publicJwk) as JWK, device.alg)) as CryptoKey;
    let signed: unknown;
    try {
      const verified = await compactVerify(jws, key);
      signed = JSON.parse(new TextDecoder().decode(verified.payload));
    } catch {
      throw refused("signature was not made by this device's key");
    }
    // Any JSON the device signed may arrive here, `null` included; only an object can name the challenge.
    const payload = (typeof signed === 'object' && signed !== null ? signed : {}) as Partial<DeviceSignaturePayload>;
    if (payload.flow !== challenge.flow || payload.payload_sha256 !== challenge.payloadSha256) {
      throw refused('signature covers another flow or another payload');
    }
  }
}
