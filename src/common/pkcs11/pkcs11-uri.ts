import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What a `pkcs11:` URI (RFC 7512) names: the token by label or serial, optionally one object by label and/or id, the
 * module (the library) by path, and where the PIN comes from.
 */
export interface Pkcs11Uri {
  /** The token's label (`token=`). */
  token?: string;
  /** The token's serial number (`serial=`). */
  serial?: string;
  /** The key's label, CKA_LABEL (`object=`). */
  object?: string;
  /** The key's CKA_ID, its bytes (`id=`, percent-encoded). */
  id?: Buffer;
  /** The PKCS#11 library to load (`module-path=`). */
  modulePath: string;
  /** A file the PIN is read from (`pin-source=file:...`). */
  pinSource?: string;
}

const PATH_ATTRIBUTES = new Set([
  'token',
  'serial',
  'object',
  'id',
  'type',
  'manufacturer',
  'model',
  'library-manufacturer',
  'library-description',
  'library-version',
  'slot-id',
  'slot-description',
  'slot-manufacturer',
]);
const QUERY_ATTRIBUTES = new Set(['module-path', 'module-name', 'pin-source', 'pin-value']);

/**
 * Parses a `pkcs11:` URI. Refused with the reason: another scheme, an attribute RFC 7512 does not define, a URI with
 * no module path (idflow loads the library the URI names, not a system default) and a `pin-value`, since a URI is
 * configuration that may be shown where secrets are not: the PIN is a secret setting or a `pin-source` file.
 */
export function parsePkcs11Uri(text: string): Pkcs11Uri {
  if (!text.startsWith('pkcs11:')) throw new Error('is not a pkcs11: URI (RFC 7512)');
  const [pathPart, queryPart = ''] = text.slice('pkcs11:'.length).split('?', 2);
  const path = attributes(pathPart, ';', PATH_ATTRIBUTES);
  const query = attributes(queryPart, '&', QUERY_ATTRIBUTES);
  if (query.has('pin-value')) {
    throw new Error('carries a pin-value: give the PIN in its secret setting, or name a file with pin-source');
  }
  const modulePath = query.get('module-path')?.toString('utf8');
  if (!modulePath) throw new Error('names no module-path (the PKCS#11 library of the token)');
  if (!path.has('token') && !path.has('serial')) throw new Error('names no token (token= or serial=)');
  const type = path.get('type')?.toString('utf8');
  if (type !== undefined && type !== 'private') throw new Error(`names type=${type}: only a private key is used`);
  return {
    token: path.get('token')?.toString('utf8'),
    serial: path.get('serial')?.toString('utf8'),
    object: path.get('object')?.toString('utf8'),
    id: path.get('id'),
    modulePath,
    pinSource: query.get('pin-source')?.toString('utf8'),
  };
}

/**
 * The PIN of a token: the secret setting's, else the first line of the URI's `pin-source` file (`file:` URIs only, as
 * RFC 7512 leaves other sources to the application).
 */
export function pkcs11Pin(uri: Pkcs11Uri, setting: string | undefined): string | undefined {
  if (setting !== undefined && setting !== '') return setting;
  if (!uri.pinSource) return undefined;
  const source = uri.pinSource.startsWith('file:') ? fileURLToPath(uri.pinSource) : uri.pinSource;
  return readFileSync(source, 'utf8').split(/\r?\n/, 1)[0];
}

function attributes(part: string, separator: string, known: Set<string>): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const pair of part.split(separator).filter((item) => item !== '')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (!known.has(name)) throw new Error(`has an attribute RFC 7512 does not define there: ${name}`);
    if (found.has(name)) throw new Error(`names ${name} twice`);
    found.set(name, percentDecoded(equals < 0 ? '' : pair.slice(equals + 1), name));
  }
  return found;
}

/** Bytes, not text: `id=%01%a2` is two bytes of an identifier, which need not be UTF-8. */
function percentDecoded(value: string, name: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    if (value[index] === '%') {
      const hex = value.slice(index + 1, index + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new Error(`has a broken percent escape in ${name}`);
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(value[index], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}
