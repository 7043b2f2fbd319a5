import { Injectable } from '@nestjs/common';
import { sha256Hex } from '../common/crypto/digest';
import type { Environment } from '../tenants/environment';
import { KeyHolder, TenantsService } from '../tenants/tenants.service';

// Enough for every key in use at once; beyond it the oldest entry goes.
const MAX_ENTRIES = 10_000;

/** Whom a call is billed to: ids only, so the cache holds no secrets or keys. */
export interface UsageOwner {
  consumerId: string;
  appId: string;
  keyId: string;
  environment: Environment;
}

export function usageOwnerOf(holder: KeyHolder): UsageOwner {
  return {
    consumerId: holder.consumer.id,
    appId: holder.app.id,
    keyId: holder.key.id,
    environment: holder.app.environment,
  };
}

/**
 * Who owns a presented API key, for calls the API-key guard did not attach a principal to (rate-limited, revoked,
 * refused before routing). A key's app and consumer never change, so answers are kept, unknown keys included, and a
 * flood of refused calls costs one lookup per key rather than one per call. Keys are held only as digests.
 */
@Injectable()
export class KeyOwnerCache {
  private readonly owners = new Map<string, Promise<UsageOwner | null>>();

  constructor(private readonly tenants: TenantsService) {}

  find(apiKey: string): Promise<UsageOwner | null> {
    const digest = sha256Hex(apiKey);
    const known = this.owners.get(digest);
    if (known) return known;
    const found = this.tenants.findKeyOwner(apiKey).then((holder) => holder && usageOwnerOf(holder));
    // A failed lookup says nothing about the key: forget it, so the next call asks again.
    found.catch(() => this.owners.delete(digest));
    if (this.owners.size >= MAX_ENTRIES) this.owners.delete(this.owners.keys().next().value as string);
    this.owners.set(digest, found);
    return found;
  }
}
