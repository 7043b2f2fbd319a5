import { createHmac } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  JWK,
  JWTPayload,
  KeyLike,
  SignJWT,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import { Repository } from 'typeorm';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { ServiceKey } from './service-key.entity';

const SLOT = 'service';
const ALG = 'EdDSA';

export interface PublicJwks {
  keys: JWK[];
}

/**
 * The service's Ed25519 signing key: access tokens, flow stamps and signature receipts are all signed with it, and its
 * public half is served at `/.well-known/jwks.json`. It lives in the database so every instance uses the same key.
 */
@Injectable()
export class ServiceKeyService implements OnModuleInit {
  private privateKey: KeyLike;
  private publicKey: KeyLike;
  private publicJwk: JWK;
  private pseudonymKey: Buffer;
  private readonly privateJwks: SealedColumn<ServiceKey>;

  constructor(
    @InjectRepository(ServiceKey) private readonly keys: Repository<ServiceKey>,
    sealedColumns: SealedColumns,
  ) {
    this.privateJwks = sealedColumns.register({ entity: ServiceKey, idProperty: 'slot', valueProperty: 'privateJwk' });
  }

  async onModuleInit(): Promise<void> {
    const stored = (await this.keys.findOneBy({ slot: SLOT })) ?? (await this.createKey());
    this.publicJwk = JSON.parse(stored.publicJwk) as JWK;
    const privateJwk = JSON.parse(this.privateJwks.open(SLOT, stored.privateJwk)) as JWK;
    this.privateKey = (await importJWK(privateJwk, ALG)) as KeyLike;
    this.pseudonymKey = createHmac('sha256', 'idflow-pseudonym')
      .update(privateJwk.d as string)
      .digest();
    this.publicKey = (await importJWK(this.publicJwk, ALG)) as KeyLike;
  }

  /** First start: insert a new key unless another instance got there first, then read whichever key won. */
  private async createKey(): Promise<ServiceKey> {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const row = {
      slot: SLOT,
      kid,
      alg: ALG,
      privateJwk: this.privateJwks.seal(SLOT, JSON.stringify(await exportJWK(privateKey))),
      publicJwk: JSON.stringify({ ...publicJwk, kid, alg: ALG, use: 'sig' }),
      createdAt: Date.now(),
    };
    await this.keys.createQueryBuilder().insert().values(row).orIgnore().execute();
    return this.keys.findOneByOrFail({ slot: SLOT });
  }

  /**
   * A stable pseudonym of `value` within `scope` (for example a holder's NIN within one app): the same on every instance
   * and across restarts, unlinkable between scopes, and not reversible without the service key.
   */
  pseudonym(scope: string, value: string): string {
    return createHmac('sha256', this.pseudonymKey).update(`${scope}\u0000${value}`).digest('base64url');
  }

  jwks(): PublicJwks {
    return { keys: [this.publicJwk] };
  }

  /** Signs a JWT with the service key; `expiresInSeconds` sets `exp`. */
  async sign(
    payload: JWTPayload,
    options: { issuer: string; expiresInSeconds?: number; type?: string },
  ): Promise<string> {
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, kid: this.publicJwk.kid, typ: options.type ?? 'JWT' })
      .setIssuer(options.issuer)
      .setIssuedAt();
    if (options.expiresInSeconds) jwt.setExpirationTime(`${options.expiresInSeconds}s`);
    return jwt.sign(this.privateKey);
  }

  /** Verifies a JWT this service signed; null when it is malformed, forged, expired or of another type. */
  async verify(token: string, options: { issuer: string; type?: string }): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: options.issuer,
        algorithms: [ALG],
        typ: options.type ?? 'JWT',
      });
      return payload;
    } catch {
      return null;
    }
  }
}
