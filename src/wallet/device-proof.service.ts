import { Injectable } from '@nestjs/common';
import {
  type CryptoKey,
  JWK,
  ProtectedHeaderParameters,
  calculateJwkThumbprint,
  compactVerify,
  decodeProtectedHeader,
  importJWK,
} from 'jose';
import { sha256Hex } from '../common/crypto/digest';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { DEVICE_ALGORITHMS, type DeviceAlgorithm } from '../devices/device-algorithm';
import type { Device } from '../devices/device.entity';
import { DevicesService } from '../devices/devices.service';
import type { ProvenKey } from '../devices/proven-key';
import { DEVICE_PROOF_SCHEME, DEVICE_PROOF_TYPE, DeviceProofPayload, PROOF_MAX_AGE_SECONDS } from './device-proof';
import { UsedProofRepository } from './used-proof.repository';

export interface ProofTarget {
  method: string;
  path: string;
}

const invalid = (why: string) => new UnauthenticatedError(`Device proof rejected: ${why}`);

/**
 * Verifies device proofs: signed by the device's key (or, to enroll, by the key in the proof's own header), for this
 * method and path, issued within the last minute, and never seen before.
 */
@Injectable()
export class DeviceProofService {
  constructor(
    private readonly devices: DevicesService,
    private readonly usedProofs: UsedProofRepository,
  ) {}

  /** The enrolled, unrevoked device that signed the proof. */
  async verifyDevice(authorization: string | undefined, target: ProofTarget): Promise<Device> {
    const { jws, header } = this.parse(authorization);
    if (typeof header.kid !== 'string') throw invalid('the proof header names no device (kid)');
    const device = await this.devices.findActive(header.kid);
    if (!device) throw invalid('unknown or revoked device');
    if (header.alg !== device.alg) throw invalid(`the device signs with ${device.alg}`);
    const key = (await importJWK(JSON.parse(device.publicJwk) as JWK, device.alg)) as CryptoKey;
    await this.checkSignedPayload(jws, key, target);
    return device;
  }

  /** The public key a not-yet-enrolled device presents, once it has proved it holds the private half. */
  async verifyNewKey(authorization: string | undefined, target: ProofTarget): Promise<ProvenKey> {
    const { jws, header } = this.parse(authorization);
    const jwk = header.jwk;
    if (!jwk || typeof jwk !== 'object')
      throw invalid('an enrollment proof carries its public key (jwk) in its header');
    if ('d' in jwk) throw invalid('the header must carry only the public key');
    const alg = header.alg as DeviceAlgorithm;
    let key: CryptoKey;
    try {
      key = (await importJWK(jwk, alg)) as CryptoKey;
    } catch {
      throw invalid(`the header key is not a ${alg} public key`);
    }
    await this.checkSignedPayload(jws, key, target);
    const { kty, crv, x, y } = jwk;
    const publicJwk: JWK = y === undefined ? { kty, crv, x } : { kty, crv, x, y };
    return { alg, publicJwk, thumbprint: await calculateJwkThumbprint(publicJwk) };
  }

  private parse(authorization: string | undefined): { jws: string; header: ProtectedHeaderParameters } {
    const prefix = `${DEVICE_PROOF_SCHEME} `;
    if (!authorization?.startsWith(prefix)) throw invalid(`send Authorization: ${DEVICE_PROOF_SCHEME} <proof>`);
    const jws = authorization.slice(prefix.length).trim();
    let header: ProtectedHeaderParameters;
    try {
      header = decodeProtectedHeader(jws);
    } catch {
      throw invalid('not a compact JWS');
    }
    if (header.typ !== DEVICE_PROOF_TYPE) throw invalid(`typ must be ${DEVICE_PROOF_TYPE}`);
    if (!DEVICE_ALGORITHMS.includes(header.alg as DeviceAlgorithm)) {
      throw invalid(`alg must be one of ${DEVICE_ALGORITHMS.join(', ')}`);
    }
    return { jws, header };
  }

  private async checkSignedPayload(jws: string, key: CryptoKey, target: ProofTarget): Promise<void> {
    let payload: Partial<DeviceProofPayload>;
    try {
      const verified = await compactVerify(jws, key);
      payload = JSON.parse(new TextDecoder().decode(verified.payload)) as Partial<DeviceProofPayload>;
    } catch {
      throw invalid('bad signature');
    }
    if (payload.htm !== target.method.toUpperCase() || payload.htu !== target.path) {
      throw invalid(`it was made for another request than ${target.method.toUpperCase()} ${target.path}`);
    }
    const now = Date.now();
    if (typeof payload.iat !== 'number' || Math.abs(now / 1000 - payload.iat) > PROOF_MAX_AGE_SECONDS) {
      throw invalid(`iat must be within ${PROOF_MAX_AGE_SECONDS} seconds of now`);
    }
    if (typeof payload.jti !== 'string' || payload.jti.length < 16 || payload.jti.length > 128) {
      throw invalid('jti must be a random string of 16 to 128 characters');
    }
    await this.rememberOnce(payload.jti, now);
  }

  /** Inserting the jti's digest fails on the primary key when the proof was already used, on any instance. */
  private async rememberOnce(jti: string, now: number): Promise<void> {
    try {
      await this.usedProofs.insert({ jtiDigest: sha256Hex(jti), expiresAt: now + 2 * PROOF_MAX_AGE_SECONDS * 1000 });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('this proof was already used');
      throw error;
    }
    await this.usedProofs.deleteExpired(now);
  }
}
