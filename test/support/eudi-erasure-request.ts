import type { INestApplication } from '@nestjs/common';
import { CompactSign, type CryptoKey, type JWK, exportJWK } from 'jose';
import { SandboxHolderKeys } from '../../src/eudi/sandbox-holder-keys';

/** A key a wallet signs an erasure request with, and the public half its header carries. */
export interface ErasureKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** An erasure request as a wallet makes one (docs/eudi-wallet.md): signed by `key`, its public half in the header. */
export function erasureRequest(key: ErasureKey, claims: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ typ: 'erasure-request+jwt', alg: 'ES256', jwk: key.publicJwk })
    .sign(key.privateKey);
}

/** The key the sandbox wallet bound the PID it presented to the request of this nonce to: that wallet's own. */
export async function sandboxWalletKey(app: INestApplication, nonce: string): Promise<ErasureKey> {
  const keys = await app.get(SandboxHolderKeys).of(nonce);
  return { privateKey: keys.privateKey, publicJwk: await exportJWK(keys.publicKey) };
}
