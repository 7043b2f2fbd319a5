/**
 * SSE at scale on the embedded default: builds idflow and starts it as its own process (production build, SQLite,
 * in-process bus), opens N concurrent SSE streams on N flows, approves every flow through the sandbox simulator, and
 * prints the service's memory per open stream (heap and external memory as the process reports them after a full
 * collection, and RSS for comparison) and the delay from sending an approval to receiving the terminal event (p50/p99;
 * it includes handling the approval itself), with their ratio to the targets.
 *
 *   npm run bench:sse -- 1000 10000            (--no-build to reuse dist/)
 *   npm run bench:sse -- --heap 2000           also prints what the service's heap grew by per stream, by kind of
 *                                              object (heap snapshots before and after the streams open: seconds each)
 *
 * Both this process and the service hold one file descriptor per stream, so the shell that starts it needs a soft limit
 * above the largest count (`ulimit -n 60000` for 50,000; docs/operations.md); clients connect from 127.0.0.1, .2, ...,
 * so no source address runs out of ephemeral ports.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import type { JsonBody } from '../test/support/json-body';
import { BENCH_ADMIN_TOKEN, type BenchProcess, buildIdflow, startIdflow } from './support/bench-process';
import { printHeapGrowth } from './support/heap-snapshot-growth';

const TARGET_DELAY_MS = 100;
const TARGET_KIB_PER_STREAM = 12;
// Well under the ~28,000 ephemeral ports Linux gives one source address towards one address and port.
const STREAMS_PER_SOURCE_ADDRESS = 20_000;
// Descriptors beyond the streams: the database, the log, the approval connections, Node's own.
const SPARE_DESCRIPTORS = 500;
const CONCURRENCY = 50;
// Approvals arrive a few at a time, as people approve; the delay then measures delivery, not a queue of approvals.
const APPROVAL_CONCURRENCY = 5;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: object,
): Promise<{ status: number; body: JsonBody }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const outgoing = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close an idle keep-alive connection just as it is reused (Node's documented race): once more.
      if (outgoing.reusedSocket && error.code === 'ECONNRESET')
        post(baseUrl, path, headers, body).then(resolve, reject);
      else reject(error);
    });
    outgoing.end(payload);
  });
}

async function inBatches<T, R>(
  items: T[],
  work: (item: T, index: number) => Promise<R>,
  concurrency = CONCURRENCY,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** The soft limit on open files this process (and so the service it starts) runs under. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

function rssKib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0);
}

/**
 * A stream as the bench watches it: when its last event arrived and when it ended. The tests' SseClient keeps and parses
 * every event, which at tens of thousands of streams re-sent every 2 seconds made this process, not the service, the
 * bottleneck (gigabytes of heap and its collections on the same two cores).
 */
interface WatchedStream {
  firstEvent: Promise<void>;
  ended: Promise<void>;
  lastEventAt: number;
}

function watch(url: string, headers: Record<string, string>, localAddress: string): Promise<WatchedStream> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, localAddress },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        let sawFirst!: () => void;
        let sawEnd!: () => void;
        const stream: WatchedStream = {
          firstEvent: new Promise((done) => (sawFirst = done)),
          ended: new Promise((done) => (sawEnd = done)),
          lastEventAt: 0,
        };
        response.setEncoding('utf8');
        // Events are written whole, one per chunk or more, and keep-alive comments are not sent on flow streams.
        response.on('data', (chunk: string) => {
          if (!chunk.includes('data: ')) return;
          stream.lastEventAt = performance.now();
          sawFirst();
        });
        response.on('close', () => sawEnd());
        resolve(stream);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));
const heapAndExternal = (memory: NodeJS.MemoryUsage) => memory.heapUsed + memory.external;

async function measure(streams: number, heap: boolean): Promise<void> {
  const limit = openFilesLimit();
  if (streams + SPARE_DESCRIPTORS > limit) {
    throw new Error(
      `${streams} streams need about ${streams + SPARE_DESCRIPTORS} open files here and in the service; the soft limit ` +
        `is ${limit}: raise it with \`ulimit -n\` in the shell that starts the bench (docs/operations.md)`,
    );
  }
  const service: BenchProcess = await startIdflow(
    { LOG_LEVEL: 'error', FLOW_TTL_SECONDS: '3600' },
    { memoryProbe: true },
  );
  const { baseUrl } = service;
  const snapshots = heap ? mkdtempSync(join(tmpdir(), 'bench-sse-heap-')) : undefined;
  try {
    const sandbox = (
      await post(baseUrl, '/admin/sandbox/bootstrap', { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` }, {})
    ).body.data;
    const credentials = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
    const flowIds = await inBatches(
      Array.from({ length: streams }, (_, i) => i),
      async () => {
        const created = await post(baseUrl, '/api/v2/identification/same-device', credentials, {
          action: 'login',
          claims: ['naming.name'],
          payload: 'Bench',
        });
        return created.body.data.request.id as string;
      },
    );

    await settle();
    // Taken first, so that the memory read next and after the streams open is read after a snapshot both times.
    const heapBefore = snapshots && (await service.heapSnapshot(snapshots));
    const before = { memory: heapAndExternal(await service.memory()), rss: rssKib(service.pid) };
    const clients = await inBatches(flowIds, async (id, index) => {
      const source = `127.0.0.${1 + Math.floor(index / STREAMS_PER_SOURCE_ADDRESS)}`;
      const url = `${baseUrl}/api/v2/flow/sse?request=${id}`;
      const client = await watch(url, { 'x-api-key': sandbox.apiKey }, source);
      await client.firstEvent;
      return client;
    });
    await settle();
    const after = { memory: heapAndExternal(await service.memory()), rss: rssKib(service.pid) };
    const heapAfter = snapshots && (await service.heapSnapshot(snapshots));

    const delays = await inBatches(
      flowIds.map((id, index) => ({ id, client: clients[index] })),
      async ({ id, client }) => {
        const approvedAt = performance.now();
        await post(baseUrl, `/api/v2/sandbox/flows/${id}/approve`, credentials, {});
        await client.ended;
        return client.lastEventAt - approvedAt;
      },
      APPROVAL_CONCURRENCY,
    );
    delays.sort((a, b) => a - b);
    const perStream = (after.memory - before.memory) / 1024 / streams;
    const rssPerStream = (after.rss - before.rss) / streams;
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    console.log(
      [
        `streams=${streams}`,
        `service heap+external ${Math.round(before.memory / 2 ** 20)} -> ${Math.round(after.memory / 2 ** 20)} MiB, RSS ${Math.round(before.rss / 1024)} -> ${Math.round(after.rss / 1024)} MiB`,
        `memory/stream=${perStream.toFixed(1)} KiB heap+external (ratio to ${TARGET_KIB_PER_STREAM} KiB target: ${(perStream / TARGET_KIB_PER_STREAM).toFixed(2)}), ${rssPerStream.toFixed(1)} KiB RSS`,
        `approval->event p50=${p50.toFixed(1)} ms p99=${p99.toFixed(1)} ms (p99 ratio to ${TARGET_DELAY_MS} ms target: ${(p99 / TARGET_DELAY_MS).toFixed(2)})`,
      ].join('\n  '),
    );
    if (heapBefore && heapAfter) printHeapGrowth(heapBefore, heapAfter, streams);
  } finally {
    await service.stop();
    // Each snapshot is tens of megabytes.
    if (snapshots) rmSync(snapshots, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (!args.includes('--no-build')) buildIdflow();
  const sizes = args.map(Number).filter((n) => n > 0);
  for (const streams of sizes.length > 0 ? sizes : [1000, 10000]) await measure(streams, args.includes('--heap'));
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
