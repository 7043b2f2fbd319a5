import { type JWK, calculateJwkThumbprint } from 'jose';

/**
 * Whom a wallet flow names as its holder (`user`): the key the wallet bound its PID to, by its JWK thumbprint, since a
 * PID carries no NIN. An erasure request signed by that key is the same wallet's.
 */
export async function walletHolderOf(holderKey: JWK): Promise<string> {
  return `pid:${(await calculateJwkThumbprint(holderKey)).slice(0, 27)}`;
}
