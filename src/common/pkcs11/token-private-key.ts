import { type KeyObject, createHash, createPublicKey, webcrypto } from 'node:crypto';
import type { Handle } from 'pkcs11js';
import type { TokenSession } from './token-session';

/** DER of the namedCurve OIDs PKCS#11 gives as CKA_EC_PARAMS, with the WebCrypto and JWK curve names. */
const CURVES: Record<string, string> = {
  '06082a8648ce3d030107': 'P-256',
  '06052b81040022': 'P-384',
  '06052b81040023': 'P-521',
};
const SIGNATURE_BYTES = 1024;

/**
 * A private key inside a PKCS#11 token, shaped as a WebCrypto key (kind, hash, not extractable) so that pkijs can sign
 * with it through the seal's crypto engine, while the signature itself is made by the token: RSA PKCS#1 v1.5 or
 * ECDSA, over SHA-256.
 */
export class TokenPrivateKey implements webcrypto.CryptoKey {
  readonly type = 'private';
  readonly usages: webcrypto.KeyUsage[] = ['sign'];

  private constructor(
    private readonly token: TokenSession,
    private readonly handle: Handle,
    readonly algorithm: webcrypto.RsaHashedKeyAlgorithm | webcrypto.EcKeyAlgorithm,
    /** The token's CKA_EXTRACTABLE: false for every key idflow generates. */
    readonly extractable: boolean,
    /** The token's CKA_SENSITIVE: true for every key idflow generates, whose private value the token never shows. */
    readonly sensitive: boolean,
    /** The public half, read from the token. */
    readonly publicKey: KeyObject,
  ) {}

  static of(token: TokenSession, handle: Handle): TokenPrivateKey {
    const { binding: p11, library, session } = token;
    const attributes = library.C_GetAttributeValue(session, handle, [
      { type: p11.CKA_KEY_TYPE },
      { type: p11.CKA_EXTRACTABLE },
      { type: p11.CKA_SENSITIVE },
    ]);
    const keyType = ulong(attributes[0].value);
    const extractable = attributes[1].value[0] === 1;
    const sensitive = attributes[2].value[0] === 1;
    if (keyType === p11.CKK_RSA) {
      const [modulus, exponent] = library.C_GetAttributeValue(session, handle, [
        { type: p11.CKA_MODULUS },
        { type: p11.CKA_PUBLIC_EXPONENT },
      ]);
      const publicKey = createPublicKey({
        key: { kty: 'RSA', n: modulus.value.toString('base64url'), e: exponent.value.toString('base64url') },
        format: 'jwk',
      });
      const algorithm: webcrypto.RsaHashedKeyAlgorithm = {
        name: 'RSASSA-PKCS1-v1_5',
        hash: { name: 'SHA-256' },
        modulusLength: modulus.value.length * 8,
        publicExponent: new Uint8Array(exponent.value),
      };
      return new TokenPrivateKey(token, handle, algorithm, extractable, sensitive, publicKey);
    }
    if (keyType === p11.CKK_EC) {
      const { curve, publicKey } = ecPublicKey(token, handle);
      const algorithm = { name: 'ECDSA', namedCurve: curve };
      return new TokenPrivateKey(token, handle, algorithm, extractable, sensitive, publicKey);
    }
    throw new Error(`the token's key is of type ${keyType}, neither RSA nor EC`);
  }

  /** SubjectPublicKeyInfo DER of the public half: what a certificate for this key certifies. */
  spki(): Buffer {
    return this.publicKey.export({ type: 'spki', format: 'der' });
  }

  /** The public half as a WebCrypto key, which a certificate issuer certifies. */
  publicCryptoKey(): Promise<webcrypto.CryptoKey> {
    return webcrypto.subtle.importKey('spki', this.spki(), this.algorithm, true, ['verify']);
  }

  /**
   * Signs `data` with SHA-256 inside the token: RSA PKCS#1 v1.5, or ECDSA whose r and s come as WebCrypto gives them
   * (concatenated), so a caller treats it as any WebCrypto signature.
   */
  sign(data: Uint8Array): ArrayBuffer {
    const p11 = this.token.binding;
    if (this.algorithm.name === 'ECDSA') {
      return this.signRaw(p11.CKM_ECDSA, createHash('sha256').update(data).digest());
    }
    return this.signRaw(p11.CKM_SHA256_RSA_PKCS, Buffer.from(data));
  }

  /** RSA PKCS#1 v1.5 over a DigestInfo the caller made: how a remote signing service signs a hash it was given. */
  signDigestInfo(digestInfo: Buffer): Buffer {
    if (this.algorithm.name !== 'RSASSA-PKCS1-v1_5') throw new Error('only an RSA key signs a DigestInfo');
    return Buffer.from(this.signRaw(this.token.binding.CKM_RSA_PKCS, digestInfo));
  }

  private signRaw(mechanism: number, input: Buffer): ArrayBuffer {
    const { library, session } = this.token;
    library.C_SignInit(session, { mechanism }, this.handle);
    const signature = library.C_Sign(session, input, Buffer.alloc(SIGNATURE_BYTES));
    return new Uint8Array(signature).buffer;
  }
}

/** An EC key's curve and public point: from the public key object of the same CKA_ID, the private one has no point. */
function ecPublicKey(token: TokenSession, handle: Handle): { curve: string; publicKey: KeyObject } {
  const { binding: p11, library, session } = token;
  const [params, id] = library.C_GetAttributeValue(session, handle, [
    { type: p11.CKA_EC_PARAMS },
    { type: p11.CKA_ID },
  ]);
  const curve = CURVES[params.value.toString('hex')];
  if (!curve) throw new Error("the token's EC key is on a curve other than P-256, P-384 or P-521");
  library.C_FindObjectsInit(session, [
    { type: p11.CKA_CLASS, value: p11.CKO_PUBLIC_KEY },
    { type: p11.CKA_ID, value: id.value },
  ]);
  let publicHandle: Handle | null;
  try {
    publicHandle = library.C_FindObjects(session);
  } finally {
    library.C_FindObjectsFinal(session);
  }
  if (!publicHandle) throw new Error('the token holds no public key beside its EC private key (same CKA_ID)');
  const [point] = library.C_GetAttributeValue(session, publicHandle, [{ type: p11.CKA_EC_POINT }]);
  // CKA_EC_POINT is the uncompressed point (04 || x || y) inside a DER OCTET STRING.
  const raw = point.value.subarray(point.value.length - 1 - 2 * coordinateBytes(curve));
  const size = coordinateBytes(curve);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: curve,
      x: raw.subarray(1, 1 + size).toString('base64url'),
      y: raw.subarray(1 + size).toString('base64url'),
    },
    format: 'jwk',
  });
  return { curve, publicKey };
}

/** A CK_ULONG attribute, in the machine's order and width (8 bytes on 64-bit Linux, 4 on Windows). */
function ulong(value: Buffer): number {
  return value.length === 8 ? Number(value.readBigUInt64LE()) : value.readUInt32LE();
}

function coordinateBytes(curve: string): number {
  return curve === 'P-521' ? 66 : curve === 'P-256' ? 32 : 48;
}
