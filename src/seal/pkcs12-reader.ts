import * as pkijs from 'pkijs';
import { sealCrypto } from './pkijs-engine';

interface OpenableKeyBag {
  parseInternalValues(parameters: { password: ArrayBuffer }, crypto: pkijs.ICryptoEngine): Promise<void>;
  parsedValue?: pkijs.PrivateKeyInfo;
}

const KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';

export interface Pkcs12Contents {
  /** PKCS#8 DER. */
  privateKey: Uint8Array;
  /** The certificate of the key, then the others the file holds, its issuers nearest first. */
  certificates: pkijs.Certificate[];
}

/**
 * Reads an operator's PKCS#12 file (RFC 7292): checks its MAC with the password, opens its password-encrypted safes
 * (PBES2 as OpenSSL 3 writes them, or the legacy PBES1 schemes pkijs knows) and returns the one key with its
 * certificates. A wrong password or a file without exactly one key is an error naming what is wrong, never the password.
 */
export async function readPkcs12(file: Uint8Array, password: string): Promise<Pkcs12Contents> {
  const { keys, certificates } = await readBags(file, password, true);
  if (keys.length !== 1) throw new Error(`the PKCS#12 file holds ${keys.length} private keys, not one`);
  return { privateKey: keys[0], certificates: keyCertificateFirst(keys[0], certificates) };
}

/** The file's keys (when `withKeys`: their bags are opened with the password too) and certificates. */
async function readBags(
  file: Uint8Array,
  password: string,
  withKeys: boolean,
): Promise<{ keys: Uint8Array[]; certificates: pkijs.Certificate[] }> {
  const secret = new TextEncoder().encode(password).buffer;
  const pfx = pkijs.PFX.fromBER(file);
  try {
    await pfx.parseInternalValues({ password: secret, checkIntegrity: true }, sealCrypto);
  } catch (error) {
    throw new Error(`the PKCS#12 file does not open with its password (${describe(error)})`, { cause: error });
  }
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new Error('the PKCS#12 file holds no authenticated safe');
  try {
    await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password: secret })) }, sealCrypto);
  } catch (error) {
    // Legacy RC2 and 3DES safes (OpenSSL's -legacy) are not read: re-export the file with OpenSSL 3's defaults.
    throw new Error(`the PKCS#12 file's contents cannot be read (${describe(error)})`, { cause: error });
  }

  const keys: Uint8Array[] = [];
  const certificates: pkijs.Certificate[] = [];
  const opened = safe.parsedValue as { safeContents: Array<{ value: pkijs.SafeContents }> } | undefined;
  for (const contents of opened?.safeContents ?? []) {
    for (const bag of contents.value.safeBags) {
      if (bag.bagId === SHROUDED_KEY_BAG && withKeys) {
        // pkijs declares the key bag's decryption protected, though it is how the bag is meant to be opened.
        const shrouded = bag.bagValue as unknown as OpenableKeyBag;
        await shrouded.parseInternalValues({ password: secret }, sealCrypto);
        if (shrouded.parsedValue) keys.push(new Uint8Array(shrouded.parsedValue.toSchema().toBER(false)));
      } else if (bag.bagId === KEY_BAG && withKeys) {
        keys.push(new Uint8Array((bag.bagValue as pkijs.PrivateKeyInfo).toSchema().toBER(false)));
      } else if (bag.bagId === CERT_BAG) {
        const parsed = (bag.bagValue as pkijs.CertBag).parsedValue as unknown;
        if (parsed instanceof pkijs.Certificate) certificates.push(parsed);
      }
    }
  }
  return { keys, certificates };
}

/**
 * The certificates of an operator's PKCS#12 whose key is held elsewhere (in a PKCS#11 token), the one that certifies
 * `spki` (the key's SubjectPublicKeyInfo, DER) first. A key in the file is not read: the token's is the one used.
 */
export async function readPkcs12Certificates(
  file: Uint8Array,
  password: string,
  spki: Uint8Array,
): Promise<pkijs.Certificate[]> {
  const certificates = await readBags(file, password, false);
  const wanted = toHex(spki);
  const own = certificates.certificates.find(
    (certificate) => toHex(new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false))) === wanted,
  );
  if (!own) throw new Error("the PKCS#12 file holds no certificate for the token's key");
  return [own, ...certificates.certificates.filter((certificate) => certificate !== own)];
}

/** The certificate whose public key matches the private key goes first; a file that has none is refused. */
function keyCertificateFirst(privateKey: Uint8Array, certificates: pkijs.Certificate[]): pkijs.Certificate[] {
  const info = pkijs.PrivateKeyInfo.fromBER(privateKey);
  const modulus = publicPart(info);
  const own = certificates.find((certificate) => {
    const spki = certificate.subjectPublicKeyInfo;
    const parsed = spki.parsedKey;
    if (parsed instanceof pkijs.RSAPublicKey) return toHex(parsed.modulus.valueBlock.valueHexView) === modulus;
    if (parsed instanceof pkijs.ECPublicKey) return toHex(new Uint8Array(parsed.toSchema().toBER(false))) === modulus;
    return false;
  });
  if (!own) throw new Error('the PKCS#12 file holds no certificate for its private key');
  return [own, ...certificates.filter((certificate) => certificate !== own)];
}

function publicPart(info: pkijs.PrivateKeyInfo): string {
  const parsed = info.parsedKey;
  if (parsed instanceof pkijs.RSAPrivateKey) return toHex(parsed.modulus.valueBlock.valueHexView);
  if (parsed instanceof pkijs.ECPrivateKey && parsed.publicKey) {
    return toHex(new Uint8Array(parsed.publicKey.toSchema().toBER(false)));
  }
  return '';
}

const toHex = (bytes: Uint8Array): string =>
  Buffer.from(bytes)
    .toString('hex')
    .replace(/^(00)+/, '');

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
