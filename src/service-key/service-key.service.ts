import { KeyObject, createHmac, createPrivateKey, createSecretKey } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  type CryptoKey,
  JWK,
  JWTPayload,
  GenerateKeyPairOptions,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { signCompactJws } from './compact-jws';
import { ServiceKey } from './service-key.entity';
import { ServiceKeyRepository } from './service-key.repository';

const SLOT = 'service';
const ALG = 'EdDSA';
/** The P-256 key that signs Web Push's VAPID tokens (RFC 8292): never published in the JWKS, which is for receipts. */
const VAPID_SLOT = 'vapid';

/**
 * Keys beside the Ed25519 one, for OpenID clients that do not accept EdDSA (most accept RS256 or ES256 by default):
 * same table, same JWKS, one slot each.
 */
const OIDC_KEYS = [
  { slot: 'service-es256', alg: 'ES256', options: { extractable: true } },
  { slot: 'service-rs256', alg: 'RS256', options: { modulusLength: 2048, extractable: true } },
] as const;

export interface PublicJwks {
  keys: JWK[];
}

/** The VAPID key pair in the form Web Push uses: the uncompressed public point and the private scalar, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The service's Ed25519 signing key: access tokens, flow stamps and signature receipts are all signed with it, and its
 * public half is served at `/.well-known/jwks.json`. It lives in the database so every instance uses the same key.
 */
@Injectable()
export class ServiceKeyService implements OnModuleInit {
  private privateKey: KeyObject;
  private publicKey: CryptoKey;
  private publicJwk: JWK;
  /** A KeyObject: Node 24 tries a Buffer key as a KeyObject and a CryptoKey first, throwing two TypeErrors a call. */
  private pseudonymKey: KeyObject;
  private signingJwks: JWK[] = [];
  private vapid: VapidKeys;
  private publishedJwks: JWK[] = [];
  private readonly privateJwks: SealedColumn<ServiceKey>;

  constructor(
    private readonly keys: ServiceKeyRepository,
    sealedColumns: SealedColumns,
  ) {
    this.privateJwks = sealedColumns.register({ entity: ServiceKey, idProperty: 'slot', valueProperty: 'privateJwk' });
  }

  async onModuleInit(): Promise<void> {
    const stored = await this.loadOrCreate(SLOT, ALG, { crv: 'Ed25519', extractable: true });
    const others = await Promise.all(OIDC_KEYS.map(({ slot, alg, options }) => this.loadOrCreate(slot, alg, options)));
    this.publicJwk = JSON.parse(stored.publicJwk) as JWK;
    const privateJwk = JSON.parse(this.privateJwks.open(SLOT, stored.privateJwk)) as JWK;
    this.signingJwks = [stored, ...others].map((row) => ({
      ...(JSON.parse(this.privateJwks.open(row.slot, row.privateJwk)) as JWK),
      kid: row.kid,
      alg: row.alg,
      use: 'sig',
    }));
    this.publishedJwks = [stored, ...others].map((row) => JSON.parse(row.publicJwk) as JWK);
    this.privateKey = createPrivateKey({ key: privateJwk, format: 'jwk' });
    this.pseudonymKey = createSecretKey(
      createHmac('sha256', 'idflow-pseudonym')
        .update(privateJwk.d as string)
        .digest(),
    );
    this.publicKey = (await importJWK(this.publicJwk, ALG)) as CryptoKey;
    const vapidRow = await this.loadOrCreate(VAPID_SLOT, 'ES256', { extractable: true });
    const vapidJwk = JSON.parse(this.privateJwks.open(VAPID_SLOT, vapidRow.privateJwk)) as Required<JWK>;
    const point = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(vapidJwk.x, 'base64url'),
      Buffer.from(vapidJwk.y, 'base64url'),
    ]);
    this.vapid = { publicKey: point.toString('base64url'), privateKey: vapidJwk.d };
  }

  private async loadOrCreate(slot: string, alg: string, options: GenerateKeyPairOptions): Promise<ServiceKey> {
    return (await this.keys.find(slot)) ?? (await this.createKey(slot, alg, options));
  }

  /** First start: insert a new key unless another instance got there first, then read whichever key won. */
  private async createKey(slot: string, alg: string, options: GenerateKeyPairOptions): Promise<ServiceKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg, options);
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const row = {
      slot,
      kid,
      alg,
      privateJwk: this.privateJwks.seal(slot, JSON.stringify(await exportJWK(privateKey))),
      publicJwk: JSON.stringify({ ...publicJwk, kid, alg, use: 'sig' }),
      createdAt: Date.now(),
    };
    return this.keys.insertOrKeep(row);
  }

  /**
   * A stable pseudonym of `value` within `scope` (for example a holder's NIN within one app): the same on every instance
   * and across restarts, unlinkable between scopes, and not reversible without the service key.
   */
  pseudonym(scope: string, value: string): string {
    return createHmac('sha256', this.pseudonymKey).update(`${scope}\u0000${value}`).digest('base64url');
  }

  /** The service's VAPID key pair, made once like the signing keys and sealed at rest alike. */
  vapidKeys(): VapidKeys {
    return this.vapid;
  }

  jwks(): PublicJwks {
    return { keys: this.publishedJwks };
  }

  /** The private halves of every published key, for the OpenID provider, which signs ID tokens itself. */
  privateSigningJwks(): { keys: JWK[] } {
    return { keys: this.signingJwks };
  }

  /**
   * A secret of its own for `purpose`, derived from the service key: the same on every instance, never stored. The
   * leading control character keeps it apart from every pseudonym, whose scopes are ids.
   */
  derivedSecret(purpose: string): string {
    return createHmac('sha256', this.pseudonymKey).update(`\u0001secret\u0000${purpose}`).digest('base64url');
  }

  /** Signs a JWT with the service key; `expiresInSeconds` sets `exp`. */
  async sign(
    payload: JWTPayload,
    options: { issuer: string; expiresInSeconds?: number; type?: string },
  ): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const claims = { ...payload, iss: options.issuer, iat: issuedAt };
    if (options.expiresInSeconds) claims.exp = issuedAt + options.expiresInSeconds;
    return signCompactJws({ alg: ALG, kid: this.publicJwk.kid, typ: options.type ?? 'JWT' }, claims, this.privateKey);
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
