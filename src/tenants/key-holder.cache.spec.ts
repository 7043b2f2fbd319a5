import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import type { KeyHolder } from './key-holder';
import type { ChangedElsewhere, DatabaseChanges } from '../common/persistence/database-changes';
import { RedisChannels } from '../redis/redis-channels';
import { KEY_HOLDER_TTL_MS, KeyHolderCache } from './key-holder.cache';

const CHANNELS = new RedisChannels('deployment-a:');
const TENANT_CHANGES_CHANNEL = 'deployment-a:tenants:changed';

/**
 * A database that answers whether it changed elsewhere from `changed`, counting how often it is asked and how often a
 * change was announced to it.
 */
function watched(changed: () => boolean) {
  const asked = { count: 0, announced: 0 };
  const watcher: ChangedElsewhere = async () => {
    asked.count++;
    return changed();
  };
  const announce = async () => {
    asked.announced++;
  };
  return { changes: { watcher: () => watcher, announce } as unknown as DatabaseChanges, asked };
}

/** Nothing changes elsewhere. */
const QUIET = watched(() => false).changes;

const holderOf = (appId: string, keyId: string) =>
  ({ key: { id: keyId, revokedAt: null }, app: { id: appId }, consumer: { id: 'bcn_1' } }) as unknown as KeyHolder;

/** A lookup whose answers are given in order, counting how often it is asked. */
function lookup(...answers: Array<KeyHolder | null | Error>) {
  const calls = { count: 0 };
  const load = async () => {
    const answer = answers[Math.min(calls.count++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { load, calls };
}

describe('KeyHolderCache', () => {
  afterEach(() => jest.useRealTimers());

  it('asks once per key, unknown keys included, while nothing changed', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    const known = lookup(holderOf('app_1', 'key_1'));
    const unknown = lookup(null);
    const [first, second] = await Promise.all([cache.find('a', known.load), cache.find('a', known.load)]);
    expect(first).toBe(second);
    expect(first?.key.id).toBe('key_1');
    await expect(cache.find('b', unknown.load)).resolves.toBeNull();
    await expect(cache.find('b', unknown.load)).resolves.toBeNull();
    expect([known.calls.count, unknown.calls.count]).toEqual([1, 1]);

    jest.setSystemTime(1_000_000 + 60 * KEY_HOLDER_TTL_MS);
    await cache.find('a', known.load);
    expect(known.calls.count).toBe(1);
  });

  it('forgets a key when it changes, and every key of an app when the app changes', async () => {
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    const first = lookup(holderOf('app_1', 'key_1'));
    const second = lookup(holderOf('app_1', 'key_2'));
    const other = lookup(holderOf('app_2', 'key_3'));
    await Promise.all([cache.find('a', first.load), cache.find('b', second.load), cache.find('c', other.load)]);

    await cache.keyChanged('a');
    await Promise.all([cache.find('a', first.load), cache.find('b', second.load)]);
    expect([first.calls.count, second.calls.count]).toEqual([2, 1]);

    await cache.appChanged('app_1');
    await Promise.all([cache.find('a', first.load), cache.find('b', second.load), cache.find('c', other.load)]);
    expect([first.calls.count, second.calls.count, other.calls.count]).toEqual([3, 2, 1]);
  });

  it('answers a lookup that was under way during a change but does not keep it', async () => {
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    let release: (holder: KeyHolder) => void = () => undefined;
    const slow = () => new Promise<KeyHolder>((resolve) => (release = resolve));
    const pending = cache.find('a', slow);
    // Once the database has said nothing changed elsewhere, and the lookup has started.
    await new Promise(setImmediate);
    await cache.keyChanged('a');
    release(holderOf('app_1', 'key_1'));
    await expect(pending).resolves.toMatchObject({ key: { id: 'key_1' } });

    const fresh = lookup({ ...holderOf('app_1', 'key_1'), key: { id: 'key_1', revokedAt: 5 } } as KeyHolder);
    await expect(cache.find('a', fresh.load)).resolves.toMatchObject({ key: { revokedAt: 5 } });
    expect(fresh.calls.count).toBe(1);
  });

  it('does not keep a failed lookup', async () => {
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    const flaky = lookup(new Error('database down'), holderOf('app_1', 'key_1'));
    await expect(cache.find('a', flaky.load)).rejects.toThrow('database down');
    await expect(cache.find('a', flaky.load)).resolves.toMatchObject({ key: { id: 'key_1' } });
    expect(flaky.calls.count).toBe(2);
  });

  it('has an answer at hand once its lookup has come, for as long as a lookup would be answered from the cache', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    expect(cache.known('a')).toBeUndefined();
    const pending = cache.find('a', lookup(holderOf('app_1', 'key_1')).load);
    expect(cache.known('a')).toBeUndefined();
    const holder = await pending;
    await cache.find('b', lookup(null).load);

    expect(cache.known('a')).toBe(holder);
    expect(cache.known('b')).toBeNull();
    jest.setSystemTime(1_000_000 + KEY_HOLDER_TTL_MS);
    expect(cache.known('a')).toBeUndefined();
  });

  it('has no answer at hand for a key or app that changed, nor from a lookup under way during a change', async () => {
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    await Promise.all([
      cache.find('a', lookup(holderOf('app_1', 'key_1')).load),
      cache.find('b', lookup(holderOf('app_2', 'key_2')).load),
    ]);
    await cache.keyChanged('a');
    await cache.appChanged('app_2');
    expect([cache.known('a'), cache.known('b')]).toEqual([undefined, undefined]);

    let release: (holder: KeyHolder) => void = () => undefined;
    const pending = cache.find('a', () => new Promise<KeyHolder>((resolve) => (release = resolve)));
    await cache.keyChanged('a');
    release(holderOf('app_1', 'key_1'));
    await pending;
    expect(cache.known('a')).toBeUndefined();
  });

  it('hands out holders nobody can change, since many requests share one', async () => {
    const cache = new KeyHolderCache(null, CHANNELS, QUIET);
    const holder = await cache.find('a', lookup(holderOf('app_1', 'key_1')).load);
    expect(() => Object.assign(holder?.app as object, { id: 'app_other' })).toThrow(TypeError);
  });

  describe('on a database that tells of changes made elsewhere', () => {
    beforeEach(() => jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));

    it('keeps answers while nothing changed elsewhere, asking the database once a second for every key', async () => {
      const { changes, asked } = watched(() => false);
      const cache = new KeyHolderCache(null, CHANNELS, changes);
      const [one, other] = [lookup(holderOf('app_1', 'key_1')), lookup(holderOf('app_1', 'key_2'))];
      for (let second = 0; second < 60; second++) {
        jest.setSystemTime(1_000_000 + second * KEY_HOLDER_TTL_MS);
        expect(cache.known('a')).toBeUndefined();
        await Promise.all([cache.find('a', one.load), cache.find('b', other.load), cache.find('a', one.load)]);
        expect(cache.known('a')).toMatchObject({ key: { id: 'key_1' } });
      }
      expect([one.calls.count, other.calls.count, asked.count]).toEqual([1, 1, 60]);
    });

    it('looks every key up again within a second of a change made elsewhere', async () => {
      let changedElsewhere = false;
      const { changes } = watched(() => changedElsewhere);
      const cache = new KeyHolderCache(null, CHANNELS, changes);
      const known = lookup(holderOf('app_1', 'key_1'));
      await cache.find('a', known.load);
      changedElsewhere = true;
      await cache.find('a', known.load);
      expect(cache.known('a')).toBeDefined();
      jest.setSystemTime(1_000_000 + KEY_HOLDER_TTL_MS);
      expect(cache.known('a')).toBeUndefined();
      await cache.find('a', known.load);
      expect(known.calls.count).toBe(2);
    });

    it('still forgets a key at once when it changes here, and announces the change to the database', async () => {
      const { changes, asked } = watched(() => false);
      const cache = new KeyHolderCache(null, CHANNELS, changes);
      const known = lookup(holderOf('app_1', 'key_1'));
      await cache.find('a', known.load);
      await cache.keyChanged('a');
      await cache.appChanged('app_1');
      expect(asked.announced).toBe(2);
      expect(cache.known('a')).toBeUndefined();
      await cache.find('a', known.load);
      expect(known.calls.count).toBe(2);
    });

    it('does not fail a change the database cannot take the announcement of', async () => {
      const failing = { ...QUIET, announce: () => Promise.reject(new Error('database down')) } as DatabaseChanges;
      const cache = new KeyHolderCache(null, CHANNELS, failing);
      await expect(cache.keyChanged('a')).resolves.toBeUndefined();
    });

    it('forgets everything when the database cannot be asked', async () => {
      let failing = false;
      const { changes } = watched(() => {
        if (failing) throw new Error('database down');
        return false;
      });
      const cache = new KeyHolderCache(null, CHANNELS, changes);
      const known = lookup(holderOf('app_1', 'key_1'));
      await cache.find('a', known.load);
      failing = true;
      jest.setSystemTime(1_000_000 + KEY_HOLDER_TTL_MS);
      await cache.find('a', known.load);
      expect(known.calls.count).toBe(2);
    });
  });

  describe('with Redis', () => {
    function fakeRedis() {
      const subscriber = Object.assign(new EventEmitter(), {
        status: 'ready',
        subscribe: jest.fn(async () => 1),
        quit: jest.fn(async () => 'OK'),
      });
      const published: Array<[string, string]> = [];
      const redis = {
        duplicate: () => subscriber,
        publish: async (channel: string, message: string) => published.push([channel, message]),
      } as unknown as Redis;
      return { redis, subscriber, published };
    }

    it('announces changes to every instance and applies the changes other instances announce', async () => {
      const { redis, subscriber, published } = fakeRedis();
      const cache = new KeyHolderCache(redis, CHANNELS, QUIET);
      await cache.onModuleInit();
      expect(subscriber.subscribe).toHaveBeenCalledWith(TENANT_CHANGES_CHANNEL);

      await cache.appChanged('app_1');
      expect(published).toEqual([[TENANT_CHANGES_CHANNEL, JSON.stringify({ appId: 'app_1' })]]);

      const known = lookup(holderOf('app_1', 'key_1'));
      await cache.find('a', known.load);
      subscriber.emit('message', TENANT_CHANGES_CHANNEL, JSON.stringify({ keyDigest: 'a' }));
      await cache.find('a', known.load);
      expect(known.calls.count).toBe(2);
    });

    it('still forgets the change here when Redis cannot take the announcement, and does not fail the change', async () => {
      const { redis } = fakeRedis();
      Object.assign(redis, { publish: () => Promise.reject(new Error('Connection is closed.')) });
      const cache = new KeyHolderCache(redis, CHANNELS, QUIET);
      await cache.onModuleInit();
      const known = lookup(holderOf('app_1', 'key_1'));
      await cache.find('a', known.load);
      await expect(cache.keyChanged('a')).resolves.toBeUndefined();
      await cache.find('a', known.load);
      expect(known.calls.count).toBe(2);
    });

    it('forgets everything when the subscription comes back after a disconnect, or a message cannot be read', async () => {
      const { redis, subscriber } = fakeRedis();
      const cache = new KeyHolderCache(redis, CHANNELS, QUIET);
      await cache.onModuleInit();
      const known = lookup(holderOf('app_1', 'key_1'));
      await cache.find('a', known.load);
      subscriber.emit('ready');
      // Once Redis has confirmed the subscription again, so that no change announced after the forgetting is missed.
      expect(subscriber.subscribe).toHaveBeenCalledTimes(2);
      await new Promise(setImmediate);
      await cache.find('a', known.load);
      subscriber.emit('message', TENANT_CHANGES_CHANNEL, 'not json');
      await cache.find('a', known.load);
      expect(known.calls.count).toBe(3);
    });
  });
});
