import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

export interface AuthenticatorChoices {
  /** Whether the authenticator says it verified the user (PIN, biometrics); a real one asks for this. */
  userVerified?: boolean;
  /** Answer as a page of another origin would. */
  origin?: string;
}

/**
 * A WebAuthn platform authenticator in Node, as Chromium's virtual one behaves: an ES256 credential, `none`
 * attestation, a counter it bumps on every assertion. It lets e2e tests make registrations and assertions, right or
 * wrong on purpose, without a browser.
 */
export class SoftwarePasskey {
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private readonly credentialId = randomBytes(16);
  private counter = 0;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const { x, y } = pair.publicKey.export({ format: 'jwk' });
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(x as string, 'base64url')],
        [-3, Buffer.from(y as string, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  create(
    options: { challenge: string; rp: { id?: string } },
    choices: AuthenticatorChoices = {},
  ): RegistrationResponseJSON {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, choices);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(options.rp.id as string, ATTESTED_CREDENTIAL | this.flags(choices)),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: b64u(clientDataJSON),
      attestationObject: b64u(attestationObject),
      transports: ['internal'],
    });
  }

  get(options: { challenge: string; rpId?: string }, choices: AuthenticatorChoices = {}): AuthenticationResponseJSON {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, choices);
    const authenticatorData = this.authDataHead(options.rpId as string, this.flags(choices));
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64u(clientDataJSON),
      authenticatorData: b64u(authenticatorData),
      signature: b64u(signature),
    });
  }

  /** The JSON form of a PublicKeyCredential, as the browser's toJSON() gives it. */
  private credential<Response>(response: Response) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  private flags(choices: AuthenticatorChoices): number {
    return USER_PRESENT | (choices.userVerified === false ? 0 : USER_VERIFIED);
  }

  private clientData(type: string, challenge: string, choices: AuthenticatorChoices): string {
    return JSON.stringify({ type, challenge, origin: choices.origin ?? this.origin, crossOrigin: false });
  }

  private authDataHead(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }
}
