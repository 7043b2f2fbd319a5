/**
 * What counting one request against the rate limit costs, by how many clients are active and how high the limit is:
 * the storage's cost per call must not grow with the hits in the window. For each case the clients first make a
 * window's worth of calls in turn (uncounted), then the CPU time of this process over the counted calls is divided by
 * them; each case is measured in several rounds and the median printed, with its ratio to the first case (1 client,
 * limit 100) measured in the same run. @nestjs/throttler's own in-memory storage, which keeps a timestamp per hit, is
 * measured beside ours for comparison.
 *
 *   npm run bench:rate-limit                      in-memory storages
 *   npm run bench:rate-limit -- --redis           also the Redis storage (REDIS_URL, or this machine's)
 *   npm run bench:rate-limit -- --calls 20000 --rounds 5
 *
 * CPU time, not instructions: it moves with what else the machine runs, so read the ratios of one run, not the ns.
 */
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { parseArgs } from 'node:util';
import { FixedWindowThrottlerStorage } from '../src/common/throttling/fixed-window.throttler-storage';
import { RedisFixedWindowThrottlerStorage } from '../src/common/throttling/redis-fixed-window.throttler-storage';

const WINDOW_MS = 60_000;
const CLIENTS = [1, 100, 10_000];
const LIMITS = [100, 100_000];

interface Storage {
  name: string;
  make: () => ThrottlerStorage;
  /** The most uncounted calls before the counted ones: the stock storage's cost grows with the hits it keeps. */
  maxFill: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Calls `count` times, one client after another, as `clients` clients sharing the service would. */
async function call(storage: ThrottlerStorage, clients: number, limit: number, count: number, run: string) {
  for (let index = 0; index < count; index++) {
    await storage.increment(`${run}:client-${index % clients}`, WINDOW_MS, limit, WINDOW_MS, 'default');
  }
}

/** CPU nanoseconds per call once the clients have had a window's worth of calls, or as many as `maxFill` allows. */
async function perCall(storage: Storage, clients: number, limit: number, calls: number, run: string) {
  const counters = storage.make();
  const fill = Math.min(clients * limit, storage.maxFill);
  await call(counters, clients, limit, fill, run);
  const before = process.cpuUsage();
  await call(counters, clients, limit, calls, run);
  const used = process.cpuUsage(before);
  (counters as Partial<{ onApplicationShutdown: () => void }>).onApplicationShutdown?.();
  return ((used.user + used.system) * 1000) / calls;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '20000' },
      rounds: { type: 'string', default: '5' },
      redis: { type: 'boolean', default: false },
    },
  });
  const calls = Number(values.calls);
  const rounds = Number(values.rounds);
  const redis = values.redis ? new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
  const storages: Storage[] = [
    {
      name: 'FixedWindowThrottlerStorage (ours, in memory)',
      make: () => new FixedWindowThrottlerStorage(),
      maxFill: 1_000_000,
    },
    {
      name: "ThrottlerStorageService (the throttler's own)",
      make: () => new ThrottlerStorageService(),
      maxFill: 5_000,
    },
  ];
  if (redis) {
    const prefix = `bench-rate-limit-${Date.now()}:`;
    storages.push({
      name: 'RedisFixedWindowThrottlerStorage (ours, Redis)',
      make: () => new RedisFixedWindowThrottlerStorage(redis, prefix),
      maxFill: 20_000,
    });
  }
  try {
    console.log(`${calls} counted calls a case, median of ${rounds} rounds; CPU ns per call (ratio to 1 client, 100)`);
    for (const storage of storages) {
      // Uncounted, so that the JIT has compiled the storage before the first case: cold, that case cost twice the rest.
      await perCall(storage, 100, 100, calls, 'warm-up');
      console.log(`\n${storage.name}`);
      console.log(`${'clients'.padStart(8)} ${LIMITS.map((limit) => `limit ${limit}`.padStart(24)).join('')}`);
      let first: number | undefined;
      for (const clients of CLIENTS) {
        const row: string[] = [];
        for (const limit of LIMITS) {
          const runs: number[] = [];
          for (let round = 0; round < rounds; round++) {
            runs.push(await perCall(storage, clients, limit, calls, `${clients}-${limit}-${round}`));
          }
          const ns = median(runs);
          first ??= ns;
          row.push(`${Math.round(ns).toLocaleString('en')} ns (${(ns / first).toFixed(2)})`.padStart(24));
        }
        console.log(`${String(clients).padStart(8)} ${row.join('')}`);
      }
    }
  } finally {
    redis?.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
