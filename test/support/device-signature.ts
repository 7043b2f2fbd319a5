import { type CryptoKey, CompactSign } from 'jose';
import type { TestDevice } from './test-device';

/** What the Wallet API shows a device for a signing flow (`data.flow.challenge`). */
export interface Challenge {
  flow: string;
  payloadSha256: string;
}

export interface DeviceSignatureOptions {
  /** Sign over another flow id than the challenge's. */
  flow?: string;
  /** Sign over another digest than the challenge's. */
  payloadSha256?: string;
  /** Sign with another key than the device's own (the header still names the device). */
  signWith?: CryptoKey;
  /** Another protected-header type than `idflow-device-signature+jwt`. */
  typ?: string;
  /** Sign this JSON value instead of `{ flow, payload_sha256, iat }`. */
  payload?: unknown;
}

/**
 * The signature a digital-ID app makes to approve a signing flow: a compact JWS by the device key, protected header
 * `{ alg, typ: 'idflow-device-signature+jwt', kid: <device id> }`, payload `{ flow, payload_sha256, iat }` taken from
 * the flow's challenge. Written from the Wallet API's description, not from the service's code, so the two can differ.
 */
export async function signChallenge(
  device: TestDevice,
  challenge: Challenge,
  options: DeviceSignatureOptions = {},
): Promise<string> {
  if (!device.id) throw new Error('the device is not enrolled');
  const payload =
    'payload' in options
      ? options.payload
      : {
          flow: options.flow ?? challenge.flow,
          payload_sha256: options.payloadSha256 ?? challenge.payloadSha256,
          iat: Math.floor(Date.now() / 1000),
        };
  // TestDevice keeps its private key to itself; this is the device signing with it, as the phone's app would.
  const ownKey = device['privateKey'];
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: device.alg, typ: options.typ ?? 'idflow-device-signature+jwt', kid: device.id })
    .sign(options.signWith ?? ownKey);
}
