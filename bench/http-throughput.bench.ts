/**
 * HTTP throughput against the framework's floor. Builds idflow and starts it as its own process (production build,
 * embedded SQLite, rate limit out of the way), beside a hello-world Nest app on the same adapter and package versions,
 * pipeline-Nest (a stock Nest app with idflow's own request pipeline and no idflow logic) and a bare `node:http` server. Every scenario is loaded by autocannon for a few seconds per round; rounds interleave
 * the scenarios so that drift of the machine hits them all alike. Prints each scenario's median req/s, p50/p99 latency
 * and non-2xx count over the rounds, with the server's CPU time per request (read from /proc, so steadier than
 * throughput on a shared machine), then each idflow scenario's ratio to hello-Nest and to pipeline-Nest.
 *
 *   npm run bench:http                         3 rounds of 5 s, 50 connections, embedded default
 *   npm run bench:http -- --scaled             idflow on PostgreSQL + Redis (DATABASE_URL, REDIS_URL or this machine's)
 *   npm run bench:http -- --rounds 5 --seconds 10 --warmup 3 --connections 50 --only health,ping
 *   npm run bench:http -- --profile /tmp/prof  also writes idflow's CPU profile there and prints its top self-time
 *   npm run bench:http -- --against ../main    also loads the idflow built in another checkout (`npx nest build` there)
 *                                              in the same rounds, and prints each scenario's ratio to it
 *   npm run bench:http -- --node /usr/bin/node runs every server on that Node instead of the project's own
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { type BenchProcess, buildIdflow, nodeVersion, startIdflow } from './support/bench-process';
import {
  type Scenario,
  bootstrapSandbox,
  scenarioRequests,
  scenarios,
  startHelloNest,
  startHelloNode,
  startPipelineNest,
} from './support/bench-scenarios';
import { type BaselineRatio, BASELINE_RATIOS } from './support/bench-ratios';
import { BenchSchemas } from './support/bench-schemas';
import { printTopSelfTime } from './support/cpu-profile-summary';

interface RoundResult {
  requestsPerSecond: number;
  /** Server CPU time per answered request: steadier than throughput on a machine shared with others. */
  cpuMicrosPerRequest: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function load(
  server: BenchProcess,
  scenario: Scenario,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<RoundResult> {
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({ ...scenarioRequests(server, scenario, headers), connections, duration: seconds });
  const cpuMicros = (server.cpuSeconds() - cpuBefore) * 1e6;
  return {
    requestsPerSecond: result.requests.average,
    cpuMicrosPerRequest: cpuMicros / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** PostgreSQL (in a schema of its own) and Redis from the environment, or this machine's. */
async function scaledOutEnvironment(schemas: BenchSchemas): Promise<Record<string, string>> {
  return {
    DATABASE_URL,
    DATABASE_SCHEMA: await schemas.create(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    KEY_ENCRYPTION_KEY: process.env.KEY_ENCRYPTION_KEY ?? Buffer.alloc(32, 1).toString('base64'),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '5' },
      // Long enough for the JIT to settle: after one second, a first round still ran 10-20% slower than the next.
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      scaled: { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'string' },
      against: { type: 'string' },
      node: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  const connections = Number(values.connections);
  const scaled = values.scaled ?? false;

  if (!values['no-build']) buildIdflow();
  const schemas = new BenchSchemas(DATABASE_URL);
  const environment = async () => (scaled ? scaledOutEnvironment(schemas) : {});
  const processes: Partial<Record<Scenario['target'], BenchProcess>> = {};
  try {
    // One after another, so that those started before one that fails to start are stopped with the rest.
    const node = values.node;
    console.log(`servers on Node ${nodeVersion(node)}`);
    processes.node = await startHelloNode({ node });
    processes.nest = await startHelloNest({ node });
    processes.pipeline = await startPipelineNest({ node });
    processes.idflow = await startIdflow(await environment(), { profileDir: values.profile, node });
    // Each in a database of its own: a data directory each on the embedded default, a schema each on PostgreSQL.
    if (values.against) {
      processes.against = await startIdflow(await environment(), { root: values.against, node });
    }
    const only = values.only?.split(',').map((name) => name.trim());
    const chosen: Scenario[] = [];
    const againstRatios: BaselineRatio[] = [];
    const credentials = new Map<Scenario['target'], Record<string, Record<string, string>>>();
    for (const target of ['idflow', 'against'] as const) {
      const server = processes[target];
      if (!server) continue;
      const sandbox = await bootstrapSandbox(server.baseUrl);
      credentials.set(target, sandbox.headers);
      // pipeline-Nest's key is among them, the same for every run.
      if (target === 'idflow') credentials.set('pipeline', sandbox.headers);
      for (const scenario of scenarios(sandbox.pingFlowIds, sandbox.nin)) {
        if (only && !only.some((name) => scenario.name.startsWith(name))) continue;
        if (target === 'idflow') chosen.push(scenario);
        else if (scenario.target === 'idflow') {
          const baseline = `${scenario.name} (against)`;
          chosen.push({ ...scenario, name: baseline, target });
          againstRatios.push({ scenario: scenario.name, baseline });
        }
      }
    }
    const headersOf = (scenario: Scenario) =>
      (scenario.credentials && credentials.get(scenario.target)?.[scenario.credentials]) ?? {};
    const serverOf = (scenario: Scenario) => processes[scenario.target] as BenchProcess;

    console.log(
      `warming up for ${warmup} s a scenario, then ${rounds} rounds of ${seconds} s at ${connections} connections (${scaled ? 'PostgreSQL + Redis' : 'embedded SQLite'})`,
    );
    for (const scenario of chosen) {
      await load(serverOf(scenario), scenario, headersOf(scenario), warmup, connections);
    }
    const results = new Map<string, RoundResult[]>(chosen.map((scenario) => [scenario.name, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const scenario of chosen) {
        const result = await load(serverOf(scenario), scenario, headersOf(scenario), seconds, connections);
        results.get(scenario.name)?.push(result);
        console.log(
          `  round ${round} ${scenario.name}: ${Math.round(result.requestsPerSecond)} req/s, ${Math.round(result.cpuMicrosPerRequest)} µs CPU/request, p99 ${result.p99} ms, ${result.non2xx} non-2xx`,
        );
      }
    }

    const summary = new Map(
      [...results].map(([name, runs]) => [
        name,
        {
          requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
          cpuMicrosPerRequest: median(runs.map((run) => run.cpuMicrosPerRequest)),
          p50: median(runs.map((run) => run.p50)),
          p99: median(runs.map((run) => run.p99)),
          non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
          errors: runs.reduce((sum, run) => sum + run.errors, 0),
        },
      ]),
    );
    console.log('\nscenario                          req/s  µs CPU/req   p50 ms   p99 ms   non-2xx   errors');
    for (const [name, result] of summary) {
      console.log(
        `${name.padEnd(32)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} ${String(Math.round(result.cpuMicrosPerRequest)).padStart(11)} ${String(result.p50).padStart(8)} ${String(result.p99).padStart(8)} ${String(result.non2xx).padStart(9)} ${String(result.errors).padStart(8)}`,
      );
    }
    console.log('\nratio (median req/s; in brackets, the inverse ratio of CPU per request)   ratio   target');
    // A ratio to the other build has no target.
    const targeted = BASELINE_RATIOS.map((ratio) => ({ ...ratio, target: scaled ? ratio.scaledTarget : ratio.target }));
    for (const ratio of [...targeted, ...againstRatios]) {
      const scenario = summary.get(ratio.scenario);
      const baseline = summary.get(ratio.baseline);
      if (!scenario || !baseline) continue;
      const { target } = ratio;
      const value = scenario.requestsPerSecond / baseline.requestsPerSecond;
      const cpuRatio = baseline.cpuMicrosPerRequest / scenario.cpuMicrosPerRequest;
      console.log(
        `${`${ratio.scenario} / ${ratio.baseline}`.padEnd(64)} ${value.toFixed(2).padStart(5)} (${cpuRatio.toFixed(2)})   ${target === undefined ? '' : `>= ${target.toFixed(2)} ${value >= target ? 'met' : 'NOT MET'}`}`,
      );
    }
  } finally {
    for (const running of Object.values(processes)) await running?.stop();
    await schemas.dropAll();
  }
  if (values.profile) printTopSelfTime(values.profile, 30);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
