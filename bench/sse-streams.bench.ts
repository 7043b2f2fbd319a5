/**
 * SSE at scale on the embedded default: builds idflow and starts it as its own process (production build, SQLite,
 * in-process bus), opens N concurrent SSE streams on N flows, approves every flow through the sandbox simulator, and
 * prints the service's memory per open stream (heap and external memory as the process reports them after a full
 * collection, and RSS for comparison) and the delay from sending an approval to receiving the terminal event (p50/p99;
 * it includes handling the approval itself), with their ratio to the targets.
 *
 *   npm run bench:sse -- 1000 10000            (--no-build to reuse dist/)
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { SseClient } from '../test/support/sse-client';
import type { JsonBody } from '../test/support/json-body';
import { BENCH_ADMIN_TOKEN, type BenchProcess, buildIdflow, startIdflow } from './support/bench-process';

const TARGET_DELAY_MS = 100;
const TARGET_KIB_PER_STREAM = 30;
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
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>, concurrency = CONCURRENCY): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

function rssKib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));
const heapAndExternal = (memory: NodeJS.MemoryUsage) => memory.heapUsed + memory.external;

async function measure(streams: number): Promise<void> {
  const service: BenchProcess = await startIdflow(
    { LOG_LEVEL: 'error', FLOW_TTL_SECONDS: '3600' },
    { memoryProbe: true },
  );
  const { baseUrl } = service;
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
    const before = { memory: heapAndExternal(await service.memory()), rss: rssKib(service.pid) };
    const clients = await inBatches(flowIds, async (id) => {
      const client = await SseClient.open(`${baseUrl}/api/v2/flow/sse?request=${id}`, { 'x-api-key': sandbox.apiKey });
      await client.waitFor(1, 60_000);
      return client;
    });
    await settle();
    const after = { memory: heapAndExternal(await service.memory()), rss: rssKib(service.pid) };

    const delays = await inBatches(
      flowIds.map((id, index) => ({ id, client: clients[index] })),
      async ({ id, client }) => {
        const approvedAt = performance.now();
        await post(baseUrl, `/api/v2/sandbox/flows/${id}/approve`, credentials, {});
        await client.ended;
        return client.events[client.events.length - 1].at - approvedAt;
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
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (!args.includes('--no-build')) buildIdflow();
  const sizes = args.map(Number).filter((n) => n > 0);
  for (const streams of sizes.length > 0 ? sizes : [1000, 10000]) await measure(streams);
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
