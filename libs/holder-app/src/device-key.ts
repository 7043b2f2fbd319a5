import { del, get, set } from 'idb-keyval';
import { base64url, utf8 } from './base64url';

/** What this browser keeps about its enrollment: the device key stays a non-extractable CryptoKey in IndexedDB. */
export interface DeviceRecord {
  id: string;
  nin: string;
  label: string;
  privateKey: CryptoKey;
  /** Whether the service holds a passkey of this browser's for the device: approvals then ask for it. */
  passkey: boolean;
}

/** A P-256 key pair whose private half no script can read, only use: the browser's equivalent of a phone's keystore. */
export interface NewDeviceKey {
  privateKey: CryptoKey;
  publicJwk: { kty: string; crv: string; x: string; y: string };
}

const RECORD = 'idflow-device';
const ECDSA = { name: 'ECDSA', hash: 'SHA-256' } as const;

export const loadDevice = (): Promise<DeviceRecord | undefined> => get<DeviceRecord>(RECORD);
export const saveDevice = (record: DeviceRecord): Promise<void> => set(RECORD, record);
export const forgetDevice = (): Promise<void> => del(RECORD);

export async function newDeviceKey(): Promise<NewDeviceKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { privateKey: pair.privateKey, publicJwk: { kty: kty!, crv: crv!, x: x!, y: y! } };
}

/** A compact ES256 JWS: WebCrypto's ECDSA signature is already the r||s form JOSE expects. */
export async function signJws(privateKey: CryptoKey, header: object, payload: object): Promise<string> {
  const input = `${base64url(JSON.stringify({ alg: 'ES256', ...header }))}.${base64url(JSON.stringify(payload))}`;
  const signature = new Uint8Array(await crypto.subtle.sign(ECDSA, privateKey, utf8(input)));
  return `${input}.${base64url(signature)}`;
}

const randomId = () => base64url(crypto.getRandomValues(new Uint8Array(24)));
const now = () => Math.floor(Date.now() / 1000);

/**
 * The `Authorization` value of one Wallet API request: a proof for this method and path, once only. An enrolled device
 * names itself (`kid`); a new one carries its public key (`jwk`).
 */
export async function deviceProof(
  privateKey: CryptoKey,
  signer: { kid: string } | { jwk: NewDeviceKey['publicJwk'] },
  method: string,
  path: string,
): Promise<string> {
  const jws = await signJws(
    privateKey,
    { typ: 'idflow-device-proof+jwt', ...signer },
    { htm: method, htu: path, iat: now(), jti: randomId() },
  );
  return `Device ${jws}`;
}

/** The approval signature of a signing or document flow: over its challenge, by the device key. */
export function signChallenge(device: DeviceRecord, challenge: { flow: string; payloadSha256: string }) {
  return signJws(
    device.privateKey,
    { typ: 'idflow-device-signature+jwt', kid: device.id },
    { flow: challenge.flow, payload_sha256: challenge.payloadSha256, iat: now() },
  );
}
