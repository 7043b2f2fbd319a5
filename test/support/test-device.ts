import { randomBytes } from 'node:crypto';
import { type CryptoKey, CompactSign, JWK, exportJWK, generateKeyPair } from 'jose';
import type { TestAgent } from './test-app';

export interface ProofOptions {
  /** Override the signed method or path, to forge a proof for another request. */
  htm?: string;
  htu?: string;
  /** Seconds offset from now for `iat`. */
  ageSeconds?: number;
  jti?: string;
  /** Sign with another key than the device's own. */
  signWith?: CryptoKey;
}

/** A phone with a digital-ID app: a real key pair that signs device proofs exactly as DESIGN section 6 says. */
export class TestDevice {
  id?: string;

  private constructor(
    readonly alg: 'ES256' | 'EdDSA',
    private readonly privateKey: CryptoKey,
    readonly publicJwk: JWK,
  ) {}

  static async create(alg: 'ES256' | 'EdDSA' = 'ES256'): Promise<TestDevice> {
    const { privateKey, publicKey } = await generateKeyPair(alg, alg === 'EdDSA' ? { crv: 'Ed25519' } : undefined);
    return new TestDevice(alg, privateKey, await exportJWK(publicKey));
  }

  /** The `Authorization` header value for one request. */
  async proof(method: string, path: string, options: ProofOptions = {}): Promise<string> {
    const payload = {
      htm: options.htm ?? method.toUpperCase(),
      htu: options.htu ?? path,
      iat: Math.floor(Date.now() / 1000) + (options.ageSeconds ?? 0),
      jti: options.jti ?? randomBytes(16).toString('hex'),
    };
    const header = this.id
      ? { alg: this.alg, typ: 'idflow-device-proof+jwt', kid: this.id }
      : { alg: this.alg, typ: 'idflow-device-proof+jwt', jwk: this.publicJwk };
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader(header)
      .sign(options.signWith ?? this.privateKey);
    return `Device ${jws}`;
  }

  async enroll(http: () => TestAgent, code: string): Promise<void> {
    const response = await http()
      .post('/wallet/v1/devices')
      .set('authorization', await this.proof('POST', '/wallet/v1/devices'))
      .send({ code, label: 'Test phone' });
    if (response.status !== 201)
      throw new Error(`enrollment failed: ${response.status} ${JSON.stringify(response.body)}`);
    this.id = response.body.data.device.id;
  }

  async get(http: () => TestAgent, path: string) {
    return http()
      .get(path)
      .set('authorization', await this.proof('GET', path));
  }

  async post(http: () => TestAgent, path: string, body: object = {}) {
    return http()
      .post(path)
      .set('authorization', await this.proof('POST', path))
      .send(body);
  }

  async delete(http: () => TestAgent, path: string) {
    return http()
      .delete(path)
      .set('authorization', await this.proof('DELETE', path));
  }

  async put(http: () => TestAgent, path: string, body: object = {}) {
    return http()
      .put(path)
      .set('authorization', await this.proof('PUT', path))
      .send(body);
  }
}
