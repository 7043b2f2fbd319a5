/** The scenarios the HTTP benchmarks load, the sandbox app they load idflow with, and the hello-world servers. */
import type { Options as AutocannonOptions } from 'autocannon';
import { join } from 'node:path';
import type { JsonBody } from '../../test/support/json-body';
import { TYPESCRIPT_SOURCES } from '../../test/support/typescript-process';
import {
  BENCH_ADMIN_TOKEN,
  BENCH_RATE_LIMIT,
  type BenchProcess,
  type BenchProcessOptions,
  startBenchProcess,
} from './bench-process';
import { PIPELINE_API_KEY } from './pipeline-nest.key';

export interface Scenario {
  name: string;
  target: 'node' | 'nest' | 'pipeline' | 'idflow' | 'against';
  method: 'GET' | 'POST';
  path: string;
  /** The body of every request, or a function that makes each request's. */
  body?: object | (() => object);
  /** Integrator credentials: idflow's API key alone, or key and secret; pipeline-Nest's key. */
  credentials?: 'key' | 'key+secret' | 'pipeline key';
}

const SMALL_BODY = { request: 'x'.repeat(40), note: 'a small JSON body' };

/** Flows the ping scenario asks about, one at random each call, as integrators polling their own flows would. */
const PING_FLOWS = 100;

/**
 * What autocannon is to send for a scenario to a server: its address, method, headers and body, a fresh body for each
 * request when the scenario makes one per request. The caller adds how many connections, and for how long or how many.
 */
export function scenarioRequests(
  server: BenchProcess,
  scenario: Scenario,
  headers: Record<string, string>,
): Pick<AutocannonOptions, 'url' | 'method' | 'headers' | 'body' | 'requests'> {
  const { body } = scenario;
  const bodyText = () => JSON.stringify(typeof body === 'function' ? body() : body);
  return {
    url: `${server.baseUrl}${scenario.path}`,
    method: scenario.method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? bodyText() : undefined,
    requests:
      typeof body === 'function' ? [{ setupRequest: (request) => ({ ...request, body: bodyText() }) }] : undefined,
  };
}

export function scenarios(pingFlowIds: string[], nin: string): Scenario[] {
  const identification = { action: 'login', claims: ['naming.name'], payload: 'Log in to Acme' };
  const signing = { action: 'confirm', payload: 'Confirm the transfer of 100 EUR' };
  return [
    { name: 'node GET', target: 'node', method: 'GET', path: '/hello' },
    { name: 'node POST', target: 'node', method: 'POST', path: '/echo', body: SMALL_BODY },
    { name: 'nest GET', target: 'nest', method: 'GET', path: '/hello' },
    { name: 'nest POST', target: 'nest', method: 'POST', path: '/echo', body: SMALL_BODY },
    { name: 'pipeline GET', target: 'pipeline', method: 'GET', path: '/api/hello', credentials: 'pipeline key' },
    {
      name: 'pipeline POST',
      target: 'pipeline',
      method: 'POST',
      path: '/api/ping',
      body: () => ({ request: pingFlowIds[Math.floor(Math.random() * pingFlowIds.length)] }),
      credentials: 'pipeline key',
    },
    { name: 'health', target: 'idflow', method: 'GET', path: '/api/health/check', credentials: 'key' },
    {
      name: 'ping',
      target: 'idflow',
      method: 'POST',
      path: '/api/v2/flow/ping',
      body: () => ({ request: pingFlowIds[Math.floor(Math.random() * pingFlowIds.length)] }),
      credentials: 'key+secret',
    },
    {
      name: 'identification same-device',
      target: 'idflow',
      method: 'POST',
      path: '/api/v2/identification/same-device',
      body: identification,
      credentials: 'key+secret',
    },
    {
      name: 'identification different-device',
      target: 'idflow',
      method: 'POST',
      path: '/api/v2/identification/different-device',
      body: { ...identification, user: nin },
      credentials: 'key+secret',
    },
    {
      name: 'identification wildcard',
      target: 'idflow',
      method: 'POST',
      path: '/api/v2/identification/wildcard',
      body: { ...identification, seeds: 1 },
      credentials: 'key+secret',
    },
    {
      name: 'signing same-device',
      target: 'idflow',
      method: 'POST',
      path: '/api/v2/signing/same-device',
      body: { ...signing, nin },
      credentials: 'key+secret',
    },
  ];
}

async function post(baseUrl: string, path: string, headers: Record<string, string>, body: object): Promise<JsonBody> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as JsonBody;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A sandbox app on a started idflow: its credentials, a test person's NIN, and flows to ping. */
export async function bootstrapSandbox(baseUrl: string) {
  const sandbox = await post(baseUrl, '/admin/sandbox/bootstrap', { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` }, {});
  const key = { 'x-api-key': sandbox.apiKey as string };
  const headers = {
    key,
    'key+secret': { ...key, 'x-access-secret': sandbox.appSecret as string },
    'pipeline key': { 'x-api-key': PIPELINE_API_KEY },
  };
  const pingFlowIds: string[] = [];
  for (let flow = 0; flow < PING_FLOWS; flow++) {
    const created = await post(baseUrl, '/api/v2/identification/same-device', headers['key+secret'], {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Bench',
    });
    pingFlowIds.push(created.request.id as string);
  }
  return { headers, nin: sandbox.testPersons[0].nin as string, pingFlowIds };
}

/** The hello-world Nest app idflow is measured against (the floor), on a port of its own. */
export function startHelloNest(options: BenchProcessOptions = {}): Promise<BenchProcess> {
  return startBenchProcess(
    'nest',
    [...TYPESCRIPT_SOURCES, join(__dirname, 'hello-nest.app.ts')],
    {},
    '/hello',
    options,
  );
}

/**
 * A stock Nest app with idflow's request pipeline and no idflow logic (the baseline for idflow's own cost), with the
 * rate limit out of the way as idflow's is.
 */
export function startPipelineNest(options: BenchProcessOptions = {}): Promise<BenchProcess> {
  return startBenchProcess(
    'pipeline',
    [...TYPESCRIPT_SOURCES, join(__dirname, 'pipeline-nest.app.ts')],
    { NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: BENCH_RATE_LIMIT },
    '/api/hello',
    { ...options, readyHeaders: { 'x-api-key': PIPELINE_API_KEY } },
  );
}

/** Bare node:http, below the framework. */
export function startHelloNode(options: BenchProcessOptions = {}): Promise<BenchProcess> {
  return startBenchProcess(
    'node',
    [...TYPESCRIPT_SOURCES, join(__dirname, 'hello-node.server.ts')],
    {},
    '/hello',
    options,
  );
}
