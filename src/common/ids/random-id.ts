import { randomBytes, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 is the largest multiple of 62 below 256: bytes at or above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 248;

// Random bytes are drawn from the system in blocks, as crypto.randomUUID does: one call per id would cost more than the
// id. Each byte is used once and the block is refilled when spent.
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

function nextRandomByte(): number {
  if (poolOffset === POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++];
}

/**
 * Random bytes from the same block: an AES-GCM nonce per sealed value, say, where asking the system each time cost
 * much of the sealing under load.
 */
export function randomPoolBytes(count: number): Buffer {
  const out = Buffer.allocUnsafe(count);
  for (let index = 0; index < count; index++) out[index] = nextRandomByte();
  return out;
}

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = nextRandomByte();
    if (byte < UNBIASED_LIMIT) out += BASE62[byte % 62];
  }
  return out;
}

// Eight digits hold every millisecond until the year 8900.
const TIME_DIGITS = 8;

/**
 * A time in milliseconds as fixed-width base62, whose alphabet is in ASCII order: later times sort after earlier ones,
 * as text and in a database index.
 */
export function base62Time(epochMs: number): string {
  let out = '';
  for (let rest = Math.floor(epochMs), digit = 0; digit < TIME_DIGITS; digit++, rest = Math.floor(rest / 62)) {
    out = BASE62[rest % 62] + out;
  }
  return out;
}

/** The identifier shapes of DESIGN section 3. */
export const newId = {
  consumer: () => `bcn_${randomBase62(24)}`,
  app: () => `app_${randomBase62(24)}`,
  apiKeyRecord: () => `key_${randomBase62(24)}`,
  appSecret: () => `snb_${randomBase62(40)}`,
  apiKey: (environment: 'sandbox' | 'production') =>
    `${environment === 'sandbox' ? 'bk-test_' : 'bk-live_'}${randomBase62(40)}`,
  webhookSecret: () => `whsec_${randomBytes(32).toString('base64')}`,
  /**
   * A flow, made by the thousand on the create routes: its time first, as for usage records, so that its row lands at
   * the end of the primary key's index; the 16 random characters (95 bits) keep it unguessable.
   */
  flow: (createdAt: number) => `req_${base62Time(createdAt)}${randomBase62(16)}`,
  /** A document flow (spec 2.6: `doc_` and at least 40 characters in all). */
  document: () => `doc_${randomBase62(40)}`,
  /** A webhook message: the body's `id` and the Standard Webhooks `webhook-id`. */
  webhookMessage: () => `msg_${randomBase62(24)}`,
  /** The secret part of a same-device link or a wildcard seed. */
  flowCode: () => randomBase62(32),
  /**
   * A usage record, written by the thousand and never shown: its time first, so that each insert lands at the end of
   * the primary key's index rather than on a random page of it, which costs SQLite less than a random id does.
   */
  usageRecord: (createdAt: number) => `use_${base62Time(createdAt)}${randomBase62(16)}`,
  operator: () => `op_${randomBase62(24)}`,
  /** A remote signing provider a consumer configured. */
  signingProvider: () => `csp_${randomBase62(24)}`,
  /** The record of a wallet's erasure request. */
  walletErasure: () => `era_${randomBase62(24)}`,
  /** An entry of the operators' audit log: its time first, so that ids sort as the entries were made. */
  operatorAuditEntry: (at: number) => `aud_${base62Time(at)}${randomBase62(16)}`,
};
