/**
 * Instructions per request, counted by valgrind's callgrind rather than timed: the same build and load give the same
 * count to a few percent whatever else the machine is doing, where req/s on a shared 2-core machine moves by 10-15%
 * from one round to the next. Each server runs under callgrind with counting off; a scenario is warmed up with counting
 * still off, then counted over a fixed number of requests (autocannon, `amount`), and what the main thread executed
 * meanwhile is divided by them. The ratios compare idflow's
 * count with hello-Nest's and with pipeline-Nest's (idflow's own request pipeline on a stock Nest app, no idflow
 * logic): the inverse of the CPU ratio `bench:http` prints, without the noise. System calls and the
 * kernel's share of them are not counted, so a scenario whose time is mostly in the kernel looks cheaper here. The
 * background work (timers) is counted apart, on each server idle after its first scenario, and printed beside each
 * count rather than in it, since it costs so much a second and so a share per request that grows as the machine slows.
 *
 *   npm run bench:instructions                      health, ping, create same-device, hello- and pipeline-Nest
 *   npm run bench:instructions -- --requests 5000 --warmup 10000 --only health
 *   npm run bench:instructions -- --against ../base also counts the idflow built in another checkout
 *   npm run bench:instructions -- --idle 60         counts each server's background work over 60 s idle (30 s)
 *   npm run bench:instructions -- --node /usr/bin/node counts every server on that Node instead of the project's own
 *   npm run bench:instructions -- --keep DIR       keeps each server's callgrind dumps in a folder under DIR, and names the JIT's
 *                                                  functions in /tmp/perf-<pid>.map for a per-function breakdown
 *                                                  (callgrind_annotate, the map giving the names of the [???] addresses)
 *
 * Needs valgrind (Debian's package). Each scenario takes a minute or so: valgrind runs the JIT's code some fifty times
 * slower, which is why the load is 10 connections.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BenchProcess,
  type BenchProcessOptions,
  buildIdflow,
  nodeVersion,
  startIdflow,
} from './support/bench-process';
import {
  type Scenario,
  bootstrapSandbox,
  scenarioRequests,
  scenarios,
  startHelloNest,
  startPipelineNest,
} from './support/bench-scenarios';
import { BASELINE_RATIOS } from './support/bench-ratios';

const CONNECTIONS = 10;
const START_UNDER_VALGRIND_MS = 600_000;
// Under valgrind on a machine others load too, a request waited more than autocannon's default 10 s now and then.
const REQUEST_TIMEOUT_SECONDS = 120;
const MAX_REFUSED_SHARE = 0.01;
/**
 * Flows outlive the run: under valgrind a run passes the default 300 s, and the expiry of the warm-up's creates (each
 * a move, a publish and a webhook check) then landed in the counted requests, 3.48M instructions per create against
 * 1.53M with flows that outlive the run (callgrind, 1,000 creates after 4,000).
 */
const IDFLOW_SETTINGS = { FLOW_TTL_SECONDS: '86400' };
/**
 * Every server under callgrind starts with a young generation near the one real load gives it: 64 MB, the most this
 * flag takes here, where under `bench:http`'s load `v8.getHeapSpaceStatistics()` showed the new space grow to 128.
 * Fifty times slower, a server allocates so few bytes a millisecond that V8 takes it for idle and keeps the young
 * generation small: a count of 3,000 pings then held 109 scavenges, where real load has one every 570 requests
 * (`--trace-gc`, 35 in 20,000); with the space held, the same count held 5, and the ping counted 650k instructions
 * against 711k.
 */
const SEMI_SPACE_MB = 64;
const DEFAULT_SCENARIOS = [
  'nest GET',
  'nest POST',
  'pipeline GET',
  'pipeline POST',
  'health',
  'ping',
  'identification same-device',
];

/** A server under callgrind, with counting off until asked, writing its counts to a folder of its own. */
interface CountedServer {
  server: BenchProcess;
  countsDir: string;
}

function callgrindOptions(countsDir: string, named: boolean): BenchProcessOptions {
  return {
    nodeFlags: [`--min-semi-space-size=${SEMI_SPACE_MB}`, ...(named ? ['--perf-basic-prof'] : [])],
    wrapper: {
      command: [
        'valgrind',
        '--tool=callgrind',
        '--instr-atstart=no',
        '--separate-threads=yes',
        `--callgrind-out-file=${countsDir}/counts`,
      ],
      startTimeoutMs: START_UNDER_VALGRIND_MS,
    },
  };
}

/** Where `--keep` asked for the dumps to be kept; otherwise they are removed with the server. */
let keepDir: string | undefined;

async function underCallgrind(start: (options: BenchProcessOptions) => Promise<BenchProcess>): Promise<CountedServer> {
  const countsDir = mkdtempSync(join(keepDir ?? tmpdir(), 'bench-callgrind-'));
  return { server: await start(callgrindOptions(countsDir, keepDir !== undefined)), countsDir };
}

function callgrindControl(server: CountedServer, ...args: string[]): void {
  execFileSync('callgrind_control', [...args, String(server.server.pid)], { stdio: 'ignore' });
}

/**
 * The instructions the main thread executed, from the newest dump: callgrind writes one file per thread and dump
 * (`counts.2-01` is the second dump's first thread). The main thread runs the event loop, whose time is the service's
 * throughput; the other threads (the JIT's compilers, the collector's helpers, the checkpoint thread) run beside it.
 */
function mainThreadTotal(countsDir: string): number {
  const dumps = readdirSync(countsDir)
    .map((name) => /^counts\.(\d+)-01$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  const newest = dumps[dumps.length - 1][0];
  const totals = /^totals: (\d+)/m.exec(readFileSync(join(countsDir, newest), 'utf8'));
  if (!totals) throw new Error(`no totals in ${newest}`);
  return Number(totals[1]);
}

async function send(server: BenchProcess, scenario: Scenario, headers: Record<string, string>, amount: number) {
  const result = await autocannon({
    ...scenarioRequests(server, scenario, headers),
    connections: CONNECTIONS,
    amount,
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
  const refused = result.non2xx + result.errors + result.timeouts;
  // Under valgrind on a machine loaded by others, a few connections were reset now and then; more is a real failure.
  if (refused > amount * MAX_REFUSED_SHARE)
    throw new Error(`${scenario.name}: ${refused} of ${amount} requests failed`);
  if (refused > 0) console.log(`  (${scenario.name}: ${refused} of ${amount} requests failed)`);
}

/** What a scenario's counted requests cost the main thread, and how long they took. */
interface Counted {
  perRequest: number;
  seconds: number;
}

/** Instructions per request of one scenario, after a warm-up with counting off. */
async function count(
  counted: CountedServer,
  scenario: Scenario,
  headers: Record<string, string>,
  requests: number,
  warmup: number,
): Promise<Counted> {
  await send(counted.server, scenario, headers, warmup);
  callgrindControl(counted, '--zero');
  callgrindControl(counted, '--instr=on');
  const startedAt = performance.now();
  await send(counted.server, scenario, headers, requests);
  const seconds = (performance.now() - startedAt) / 1000;
  callgrindControl(counted, '--instr=off');
  callgrindControl(counted, '--dump');
  return { perRequest: mainThreadTotal(counted.countsDir) / requests, seconds };
}

/**
 * Instructions a second the main thread spends with no request to serve: its timers (sweeps, dispatchers, flushes,
 * the key cache's question) and the runtime's own. They run by the clock, so during a scenario they cost so much a
 * second whatever the load, and a slower machine spreads them over fewer requests: subtracting them makes a count
 * that does not depend on how busy the machine was.
 */
async function backgroundPerSecond(counted: CountedServer, seconds: number): Promise<number> {
  callgrindControl(counted, '--zero');
  callgrindControl(counted, '--instr=on');
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - startedAt) / 1000;
  callgrindControl(counted, '--instr=off');
  callgrindControl(counted, '--dump');
  return mainThreadTotal(counted.countsDir) / elapsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '3000' },
      // Twice the count: after 1,000 requests the JIT was still compiling enough to add a tenth to the count.
      warmup: { type: 'string', default: '6000' },
      // Long enough for every timer of a minute's period or less to run several times.
      idle: { type: 'string', default: '30' },
      only: { type: 'string' },
      against: { type: 'string' },
      node: { type: 'string' },
      keep: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  keepDir = values.keep;
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  const requests = Number(values.requests);
  const warmup = Number(values.warmup);
  const idleSeconds = Number(values.idle);
  const only = values.only?.split(',').map((name) => name.trim()) ?? DEFAULT_SCENARIOS;
  const wanted = (scenario: Scenario) => only.some((name) => scenario.name.startsWith(name));

  if (!values['no-build']) buildIdflow();
  const servers: CountedServer[] = [];
  try {
    const node = values.node;
    console.log(`servers on Node ${nodeVersion(node)}`);
    const nest = await underCallgrind((options) => startHelloNest({ ...options, node }));
    servers.push(nest);
    const pipeline = await underCallgrind((options) => startPipelineNest({ ...options, node }));
    servers.push(pipeline);
    const idflow = await underCallgrind((options) => startIdflow(IDFLOW_SETTINGS, { ...options, node }));
    servers.push(idflow);
    const against = values.against
      ? await underCallgrind((options) => startIdflow(IDFLOW_SETTINGS, { ...options, node, root: values.against }))
      : undefined;
    if (against) servers.push(against);

    console.log(`${requests} requests a scenario at ${CONNECTIONS} connections after ${warmup} uncounted`);
    console.log(
      `instructions per request without the background work (what each server's main thread runs a second when idle,` +
        ` counted over ${idleSeconds} s, times the scenario's duration), then that background work's share`,
    );
    const counts = new Map<string, number>();
    const background = new Map<CountedServer, number>();
    for (const [label, target] of [
      ['', idflow],
      [' (against)', against],
    ] as const) {
      if (!target) continue;
      const sandbox = await bootstrapSandbox(target.server.baseUrl);
      for (const scenario of scenarios(sandbox.pingFlowIds, sandbox.nin).filter(wanted)) {
        const baseline = scenario.target === 'nest' || scenario.target === 'pipeline';
        if (scenario.target === 'node' || (baseline && label)) continue;
        const server = scenario.target === 'nest' ? nest : scenario.target === 'pipeline' ? pipeline : target;
        const headers = (scenario.credentials && sandbox.headers[scenario.credentials]) ?? {};
        const { perRequest, seconds } = await count(server, scenario, headers, requests, warmup);
        let idle = background.get(server);
        if (idle === undefined) {
          idle = await backgroundPerSecond(server, idleSeconds);
          background.set(server, idle);
          console.log(`  ${`(${scenario.target} idle, a second)`.padEnd(40)} ${Math.round(idle).toLocaleString('en')}`);
        }
        const timers = Math.min(perRequest, (idle * seconds) / requests);
        counts.set(`${scenario.name}${label}`, perRequest - timers);
        console.log(
          `  ${`${scenario.name}${label}`.padEnd(40)} ${Math.round(perRequest - timers).toLocaleString('en')} (+ ${Math.round(timers).toLocaleString('en')} background)`,
        );
      }
    }

    console.log('\nratio (baseline instructions per request / scenario instructions per request)      ratio   target');
    for (const { scenario, baseline, target } of BASELINE_RATIOS) {
      const own = counts.get(scenario);
      const floor = counts.get(baseline);
      if (own === undefined || floor === undefined) continue;
      const ratio = floor / own;
      const verdict = target === undefined ? '' : `>= ${target.toFixed(2)} ${ratio >= target ? 'met' : 'NOT MET'}`;
      console.log(`${`${scenario} / ${baseline}`.padEnd(80)} ${ratio.toFixed(2)}   ${verdict}`);
    }
    for (const [name, own] of counts) {
      const other = counts.get(`${name} (against)`);
      if (other !== undefined) console.log(`${`${name} / ${name} (against)`.padEnd(80)} ${(other / own).toFixed(2)}`);
    }
  } finally {
    for (const { server, countsDir } of servers) {
      await server.stop();
      if (keepDir) console.log(`callgrind dumps of pid ${server.pid}: ${countsDir}`);
      else rmSync(countsDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
