import { Injectable } from '@nestjs/common';
import { type CryptoKey, CompactSign, JWK, importJWK } from 'jose';
import { DEVICE_SIGNATURE_TYPE, DeviceSignaturePayload, type SigningChallenge } from '../signatures/signing-challenge';
import type { Device } from '../devices/device.entity';
import { DevicesService } from '../devices/devices.service';

/**
 * Signs a signing or document flow's challenge as a test person's virtual device would on a phone: with the device's own key, in
 * the exact format the Wallet API takes, so the approval goes through the same verification as a real device's.
 */
@Injectable()
export class VirtualDeviceSigner {
  constructor(private readonly devices: DevicesService) {}

  async sign(device: Device, challenge: SigningChallenge): Promise<string> {
    const privateJwk = this.devices.virtualPrivateJwkOf(device);
    if (!privateJwk) throw new Error(`${device.id} is not a virtual device`);
    const key = (await importJWK(JSON.parse(privateJwk) as JWK, device.alg)) as CryptoKey;
    const payload: DeviceSignaturePayload = {
      flow: challenge.flow,
      payload_sha256: challenge.payloadSha256,
      iat: Math.floor(Date.now() / 1000),
    };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: device.alg, typ: DEVICE_SIGNATURE_TYPE, kid: device.id })
      .sign(key);
  }
}
