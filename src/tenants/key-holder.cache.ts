import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { type ChangedElsewhere, DatabaseChanges } from '../common/persistence/database-changes';
import { RedisChannels } from '../redis/redis-channels';
import { REDIS_CLIENT } from '../redis/redis.constants';
import { RedisSubscription } from '../redis/redis-subscription';
import type { KeyHolder } from './key-holder';

// Enough for every key in use at once; beyond it the oldest entry goes.
const MAX_ENTRIES = 10_000;
// Changes made through the service are announced at once; this bounds how long one made where no instance hears it (the
// operator CLI, which has no bus to announce it on) goes unseen. The cache asks the database once in this time whether
// another process changed anything (DatabaseChanges: one statement for every key) and keeps its answers while none
// did: a reload costs about 2.0M instructions, so reloading each key every second cost a core per 1,000 keys in use.
export const KEY_HOLDER_TTL_MS = 1000;
/** Named behind REDIS_PREFIX (RedisChannels). */
export const TENANT_CHANGES_CHANNEL = 'tenants:changed';

type Change = { keyDigest: string } | { appId: string };

interface Entry {
  holder: Promise<KeyHolder | null>;
  /** The holder's answer once it has come, while it is current: undefined until then. */
  settled?: KeyHolder | null;
  appId?: string;
}

/**
 * Who holds an API key, by the key's SHA-256 digest, so that a request with a known key costs no database statement.
 * Unknown keys are kept too: a flood of refused calls costs one lookup per key and second. Every change to a key or an
 * app (a key created or revoked, a secret rotated) is announced: to this instance at once and, with Redis, to every
 * instance over pub/sub within milliseconds, and to the database's change counter; a change no instance heard is seen
 * within a second (KEY_HOLDER_TTL_MS). A lookup under way while a change is announced is not kept, so a revoked key
 * never comes back from an answer read before its revocation.
 */
@Injectable()
export class KeyHolderCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(KeyHolderCache.name);
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: a lookup started under an older generation is answered but not kept. */
  private generation = 0;
  private subscription?: RedisSubscription;
  private readonly channel: string;
  private readonly changedElsewhere: ChangedElsewhere;
  /** Until when the database is known to hold no change made elsewhere. */
  private verifiedUntil = 0;
  private verifying?: Promise<void>;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    channels: RedisChannels,
    private readonly changes: DatabaseChanges,
  ) {
    this.channel = channels.named(TENANT_CHANGES_CHANNEL);
    this.changedElsewhere = changes.watcher();
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    this.subscription = await RedisSubscription.open<Change>(this.redis, this.channel, {
      onMessage: (change) => this.apply(change),
      onError: (error) => {
        this.logger.error({ err: error }, 'Unreadable tenant change; forgetting every cached key');
        this.forgetAll();
      },
      // Changes announced while the connection was down are lost: after a reconnect, forget everything.
      onResubscribed: () => this.forgetAll(),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  /** The cached answer for a key digest, or `load`'s, kept unless a change was announced meanwhile or it failed. */
  find(keyDigest: string, load: () => Promise<KeyHolder | null>): Promise<KeyHolder | null> {
    if (Date.now() >= this.verifiedUntil) return this.verify().then(() => this.lookUp(keyDigest, load));
    return this.lookUp(keyDigest, load);
  }

  private lookUp(keyDigest: string, load: () => Promise<KeyHolder | null>): Promise<KeyHolder | null> {
    const known = this.entries.get(keyDigest);
    if (known) return known.holder;
    const startedIn = this.generation;
    const holder = load().then((found) => (found ? freeze(found) : null));
    // An answer lasts until a change is seen.
    const entry: Entry = { holder };
    this.entries.delete(keyDigest);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(keyDigest, entry);
    holder.then(
      (found) => {
        if (this.generation !== startedIn) {
          this.dropIfCurrent(keyDigest, entry);
          return;
        }
        entry.appId = found?.app.id;
        entry.settled = found;
      },
      () => this.dropIfCurrent(keyDigest, entry),
    );
    return holder;
  }

  /**
   * The cached answer for a key digest when it is at hand, so that the caller can go on in the same turn; undefined
   * when there is none, it has aged out, or it is still being looked up (`find` then).
   */
  known(keyDigest: string): KeyHolder | null | undefined {
    if (Date.now() >= this.verifiedUntil) return undefined;
    return this.entries.get(keyDigest)?.settled;
  }

  /** One question at a time for every key; if it cannot be asked, everything is forgotten and looked up again. */
  private verify(): Promise<void> {
    this.verifying ??= (async () => {
      const askedAt = Date.now();
      try {
        if (await this.changedElsewhere()) this.forgetAll();
        this.verifiedUntil = askedAt + KEY_HOLDER_TTL_MS;
      } catch (error) {
        this.logger.warn({ err: error }, 'Could not ask the database for changes; forgetting every cached key');
        this.forgetAll();
      } finally {
        this.verifying = undefined;
      }
    })();
    return this.verifying;
  }

  /** A key was created or revoked: every instance forgets what it knew of it. */
  keyChanged(keyDigest: string): Promise<void> {
    return this.announce({ keyDigest });
  }

  /** An app's secret or settings changed: every instance forgets the keys of that app. */
  appChanged(appId: string): Promise<void> {
    return this.announce({ appId });
  }

  /**
   * The change is already committed when it is announced: a failure is logged, not thrown. Redis tells the other
   * instances at once; the database's change counter tells every process within a second, the operator CLI's changes
   * included, and whichever of the two fails, the other still tells.
   */
  private async announce(change: Change): Promise<void> {
    this.apply(change);
    const told = await Promise.allSettled([
      this.changes.announce(),
      this.redis?.publish(this.channel, JSON.stringify(change)),
    ]);
    for (const outcome of told) {
      if (outcome.status === 'rejected') {
        this.logger.warn({ err: outcome.reason as unknown }, 'Could not announce a key change');
      }
    }
  }

  private apply(change: Change): void {
    this.generation++;
    if ('keyDigest' in change) {
      this.entries.delete(change.keyDigest);
      return;
    }
    for (const [digest, entry] of this.entries) {
      // An entry still loading has no app yet; the generation keeps its answer out of the cache.
      if (entry.appId === change.appId) this.entries.delete(digest);
    }
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  private dropIfCurrent(keyDigest: string, entry: Entry): void {
    if (this.entries.get(keyDigest) === entry) this.entries.delete(keyDigest);
  }
}

/** One holder object serves many requests at once: nothing may change it. */
function freeze(holder: KeyHolder): KeyHolder {
  return Object.freeze({
    key: Object.freeze(holder.key),
    app: Object.freeze(holder.app),
    consumer: Object.freeze(holder.consumer),
  });
}
