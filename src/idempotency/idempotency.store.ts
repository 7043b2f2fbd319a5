import { Injectable } from '@nestjs/common';
import { sha256Hex } from '../common/crypto/digest';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import { IdempotencyKeyInUseError } from './errors/idempotency-key-in-use.error';
import { IdempotencyKeyReusedError } from './errors/idempotency-key-reused.error';
import { IdempotencyRecordRepository } from './idempotency-record.repository';

/** How long a key is remembered (the IETF draft suggests at least a day). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this was left by an instance that died mid-request: a retry may take it over. */
export const ABANDONED_CLAIM_MS = 60_000;

export interface IdempotentRequest {
  appId: string;
  key: string;
  fingerprint: string;
}

/** What a request may do with its key: go ahead (it holds the claim now), or send the first request's answer again. */
export type Claim = { kind: 'claimed'; keyDigest: string } | ({ kind: 'replay' } & StoredAnswer);

export interface StoredAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

/**
 * Idempotency keys in the database, so that every instance agrees on them: the first request claims a key with an
 * insert the primary key makes unique, and the others read what it left.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly records: IdempotencyRecordRepository) {}

  async claim(request: IdempotentRequest, now = Date.now()): Promise<Claim> {
    const keyDigest = sha256Hex(`${request.appId}\n${request.key}`);
    // An expired key, or a claim its instance abandoned, is as good as none.
    await this.records.deleteStale(keyDigest, now, now - ABANDONED_CLAIM_MS);
    try {
      await this.records.insert({
        keyDigest,
        appId: request.appId,
        fingerprint: request.fingerprint,
        state: 'running',
        statusCode: null,
        body: null,
        headers: null,
        createdAt: now,
        expiresAt: now + IDEMPOTENCY_TTL_MS,
      });
      return { kind: 'claimed', keyDigest };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const first = await this.records.find(keyDigest);
    // Released between our insert and this read: the first request failed, so this one may go ahead on a retry.
    if (!first) throw new IdempotencyKeyInUseError();
    if (first.fingerprint !== request.fingerprint) throw new IdempotencyKeyReusedError();
    if (first.state === 'running' || first.statusCode === null || first.body === null) {
      throw new IdempotencyKeyInUseError();
    }
    const headers = JSON.parse(first.headers ?? '{}') as Record<string, string>;
    return { kind: 'replay', statusCode: first.statusCode, body: first.body, headers };
  }

  /** Keeps the answer of the request holding the claim, for the requests that repeat it. */
  async answer(keyDigest: string, answer: StoredAnswer): Promise<void> {
    const { statusCode, body, headers } = answer;
    await this.records.answer(keyDigest, { statusCode, body, headers: JSON.stringify(headers) });
  }

  /** The request failed, so nothing was done: the key is free for a retry. */
  async release(keyDigest: string): Promise<void> {
    await this.records.release(keyDigest);
  }
}
