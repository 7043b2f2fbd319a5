import { createPublicKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CompactEncrypt } from 'jose';
import type { ClaimValues } from '../persons/claim-values';

export const CLAIM_KEY_ALGORITHM = 'RSA-OAEP-256';
export const CLAIM_CONTENT_ENCRYPTION = 'A256GCM';

/**
 * Encrypts the claims a holder consented to for the app that asked: each value becomes a compact JWE (RSA-OAEP-256 +
 * A256GCM) whose plaintext is the value's JSON text, nested by group then name like the holder's record (spec 2.8).
 */
@Injectable()
export class ClaimReleaseService {
  async release(values: ClaimValues, consented: readonly string[], appPublicKeyPem: string): Promise<ClaimValues> {
    const key = createPublicKey(appPublicKeyPem);
    const released: ClaimValues = {};
    for (const claim of consented) {
      const [group, name] = claim.split('.');
      const value = values[group]?.[name];
      if (value === undefined) continue;
      const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
        .setProtectedHeader({ alg: CLAIM_KEY_ALGORITHM, enc: CLAIM_CONTENT_ENCRYPTION, cty: 'json' })
        .encrypt(key);
      released[group] = { ...released[group], [name]: jwe };
    }
    return released;
  }
}
