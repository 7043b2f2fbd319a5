/**
 * Soak: one instance (production build, embedded default) under mixed traffic for a long while, to catch what grows.
 * Loops of identification creates and pings, signing flows approved while an SSE stream watches them, legacy held
 * polls, cancels, unknown flows, and one-page documents signed by two signees with webhooks to a local receiver.
 * Every sample, taken with the traffic held for six seconds, reads the service's heap + external memory after a full
 * collection, its RSS and its open file descriptors (/proc/<pid>/fd); after the warm-up, memory must stay within 10%
 * and descriptors must not grow.
 *
 *   npm run bench:soak                       (15 minutes)
 *   npm run bench:soak -- --minutes 1        (--no-build to reuse dist/, --workers N for more loops)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { FileHost, makePdf } from '../test/support/pdf-fixtures';
import { WebhookReceiver } from '../test/support/webhook-receiver';
import { callJson } from '../test/support/json-call';
import { pause } from '../test/support/waiting';
import { BENCH_ADMIN_TOKEN, type BenchProcess, buildIdflow, startIdflow } from './support/bench-process';
import { MixedTraffic } from './support/mixed-traffic';

/** Memory may end this much above where it stood after the warm-up. */
const MEMORY_TOLERANCE = 0.1;
const SAMPLES = 30;
/**
 * How long the traffic is held before a sample: the service finishes what the last requests started, and idle
 * keep-alive connections close (Node's server closes them after 5 s), so the descriptors left are what it holds.
 */
const SETTLE_MS = 6000;
/** Samples each side whose median stands for the start and the end, so one collection's timing decides nothing. */
const EDGE_SAMPLES = 3;

interface Options {
  minutes: number;
  workers: number;
  build: boolean;
}

interface Sample {
  at: number;
  heapAndExternal: number;
  heap: number;
  external: number;
  rssKib: number;
  descriptors: number;
  requests: number;
  failures: number;
}

function options(args: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(name);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  return { minutes: value('--minutes', 15), workers: value('--workers', 6), build: !args.includes('--no-build') };
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

function rssKib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0);
}

async function sample(service: BenchProcess, traffic: MixedTraffic, startedAt: number): Promise<Sample> {
  const memory = await service.memory();
  return {
    at: Date.now() - startedAt,
    heapAndExternal: memory.heapUsed + memory.external,
    heap: memory.heapUsed,
    external: memory.external,
    rssKib: rssKib(service.pid),
    descriptors: readdirSync(`/proc/${service.pid}/fd`).length,
    requests: traffic.requests,
    failures: traffic.failures,
  };
}

function print(entry: Sample): void {
  const minutes = Math.floor(entry.at / 60_000);
  const seconds = String(Math.floor((entry.at % 60_000) / 1000)).padStart(2, '0');
  console.log(
    `  ${minutes}:${seconds}  heap+external ${mib(entry.heapAndExternal)} MiB (heap ${mib(entry.heap)}, external ` +
      `${mib(entry.external)})  RSS ${(entry.rssKib / 1024).toFixed(1)} MiB  descriptors ${entry.descriptors}  ` +
      `requests ${entry.requests}  unexpected ${entry.failures}`,
  );
}

/**
 * The CPU the service used while the traffic ran, the quiet spells of the samples left out: what a Kubernetes CPU
 * request is sized from (docs/operations.md, Kubernetes).
 */
class ServingCpu {
  cpuSeconds = 0;
  wallSeconds = 0;
  private since?: { cpu: number; at: number };

  constructor(private readonly service: BenchProcess) {
    this.resume();
  }

  pause(): void {
    if (!this.since) return;
    this.cpuSeconds += this.service.cpuSeconds() - this.since.cpu;
    this.wallSeconds += (performance.now() - this.since.at) / 1000;
    this.since = undefined;
  }

  resume(): void {
    this.since = { cpu: this.service.cpuSeconds(), at: performance.now() };
  }

  cores(): number {
    return this.cpuSeconds / this.wallSeconds;
  }
}

/** Compares the start of the measured part (after the warm-up) with its end; true when both figures held. */
function verdict(measured: Sample[]): boolean {
  // A short run has fewer samples: each end takes a third of them at the most.
  const edge = Math.max(1, Math.min(EDGE_SAMPLES, Math.floor(measured.length / 3)));
  const start = measured.slice(0, edge);
  const end = measured.slice(-edge);
  const memoryStart = median(start.map((entry) => entry.heapAndExternal));
  const memoryEnd = median(end.map((entry) => entry.heapAndExternal));
  const growth = memoryEnd / memoryStart - 1;
  const descriptorsStart = Math.max(...start.map((entry) => entry.descriptors));
  const descriptorsEnd = median(end.map((entry) => entry.descriptors));
  const memoryFlat = growth <= MEMORY_TOLERANCE;
  const descriptorsFlat = descriptorsEnd <= descriptorsStart;
  console.log(
    `heap+external after warm-up ${mib(memoryStart)} MiB, at the end ${mib(memoryEnd)} MiB: ` +
      `${(growth * 100).toFixed(1)}% (at most ${MEMORY_TOLERANCE * 100}%) ${memoryFlat ? 'flat' : 'GROWING'}`,
  );
  console.log(
    `descriptors after warm-up ${descriptorsStart} (the most of the first ${start.length} samples), at the end ` +
      `${descriptorsEnd}: ${descriptorsFlat ? 'no growth' : 'GROWING'}`,
  );
  return memoryFlat && descriptorsFlat;
}

async function main(): Promise<void> {
  const { minutes, workers, build } = options(process.argv.slice(2));
  if (build) buildIdflow();
  const files = await FileHost.start();
  const receiver = await WebhookReceiver.start();
  const service = await startIdflow(
    { LOG_LEVEL: 'error', ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', WEBHOOK_HOST_CHECK: 'syntax' },
    { memoryProbe: true },
  );
  try {
    const admin = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
    const sandbox = (await callJson(`${service.baseUrl}/admin/sandbox/bootstrap`, { headers: admin })).body.data;
    const traffic = new MixedTraffic(
      service.baseUrl,
      { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret },
      sandbox.testPersons.map((person: { nin: string }) => person.nin),
      files.put('/soak.pdf', await makePdf(1, 'Soak')),
      receiver.url,
    );
    const durationMs = minutes * 60_000;
    // The first fifth warms up (JIT, caches, pools, SQLite's pages), and is not judged.
    const warmupMs = durationMs / 5;
    const intervalMs = Math.max(durationMs / SAMPLES, 3 * SETTLE_MS);
    console.log(
      `soak: ${minutes} min of mixed traffic, ${workers} loops, a sample every ${intervalMs / 1000} s ` +
        `(the traffic held for the last ${SETTLE_MS / 1000} s of each)`,
    );
    const startedAt = Date.now();
    const serving = new ServingCpu(service);
    traffic.start(workers);
    const samples: Sample[] = [];
    while (Date.now() - startedAt < durationMs) {
      await pause(intervalMs - ((Date.now() - startedAt) % intervalMs));
      // Read with the traffic held: what the service keeps, not what requests in flight hold for a moment.
      const entry = await traffic.quiet(async () => {
        serving.pause();
        await pause(SETTLE_MS);
        const taken = await sample(service, traffic, startedAt);
        serving.resume();
        return taken;
      });
      samples.push(entry);
      print(entry);
    }
    serving.pause();
    await traffic.stop();
    const seconds = (Date.now() - startedAt) / 1000;
    console.log(
      `${traffic.requests} requests in ${seconds.toFixed(0)} s (${(traffic.requests / seconds).toFixed(0)}/s), ` +
        `${traffic.failures} unexpected answers, ${receiver.received.length} webhooks received`,
    );
    console.log(
      `CPU while serving: ${serving.cores().toFixed(2)} cores on average ` +
        `(${serving.cpuSeconds.toFixed(1)} s in ${serving.wallSeconds.toFixed(0)} s of traffic), ` +
        `peak RSS ${(Math.max(...samples.map((entry) => entry.rssKib)) / 1024).toFixed(1)} MiB`,
    );
    const passed = verdict(samples.filter((entry) => entry.at >= warmupMs)) && traffic.failures === 0;
    console.log(passed ? 'verdict: flat' : 'verdict: NOT flat');
    process.exitCode = passed ? 0 : 1;
  } finally {
    await service.stop();
    await receiver.close();
    await files.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
