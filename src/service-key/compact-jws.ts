import { KeyObject, sign } from 'node:crypto';

/**
 * The JWS compact serialization of `payload` under an Ed25519 key: `header.payload.signature`, each base64url.
 *
 * jose signs on the calling thread; a flow create signs a stamp, and the signature is the largest single cost of one,
 * so this hands it to libuv's thread pool through `crypto.sign`'s callback form and the event loop serves other
 * requests meanwhile. Tokens are checked with jose (`jwtVerify`), as every relying party checks them.
 */
export function signCompactJws(header: object, payload: object, key: KeyObject): Promise<string> {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return new Promise((resolve, reject) =>
    // Ed25519 takes no digest algorithm: it hashes the message itself.
    sign(null, Buffer.from(signingInput), key, (error, signature) =>
      error ? reject(error) : resolve(`${signingInput}.${signature.toString('base64url')}`),
    ),
  );
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}
