import { createECDH, webcrypto } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ServiceKeyService } from '../service-key/service-key.service';
import { EC_KEY } from './eudi-certificates';

const SCOPE = 'idflow-sandbox-wallet-holder';

/**
 * The key the sandbox wallet binds a flow's PID to, derived from the request's nonce under the service key rather
 * than kept: the same on every instance and after a restart, so the wallet that presented can later sign that flow's
 * erasure request, and no other flow's key follows from it.
 */
@Injectable()
export class SandboxHolderKeys {
  constructor(private readonly serviceKey: ServiceKeyService) {}

  async of(nonce: string): Promise<webcrypto.CryptoKeyPair> {
    // An HMAC output is a valid P-256 scalar but for a chance of about 2^-32, which a sandbox can bear.
    const d = Buffer.from(this.serviceKey.pseudonym(SCOPE, nonce), 'base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey();
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    const [privateKey, publicKey] = await Promise.all([
      webcrypto.subtle.importKey('jwk', { ...jwk, d: d.toString('base64url') }, EC_KEY, true, ['sign']),
      webcrypto.subtle.importKey('jwk', jwk, EC_KEY, true, ['verify']),
    ]);
    return { privateKey, publicKey };
  }
}
