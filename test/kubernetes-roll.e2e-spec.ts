import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { SAME_DEVICE_LOGIN } from './support/integrator-client';
import { callFrom, clientAddress } from './support/client-address';
import { EndpointBalancer } from './support/endpoint-balancer';
import type { JsonBody } from './support/json-body';
import { containerEnvironment, operatorSecrets, podTemplates, renderKustomization } from './support/kustomization';
import { LocalS3, startLocalS3 } from './support/local-s3';
import { ResumingStream } from './support/resuming-stream';
import { ServiceProcess, freePort, startService } from './support/service-process';
import { createSchema } from './support/test-config';
import { pause } from './support/waiting';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

const ROOT = join(__dirname, '..');
const STREAMS = 16;
const HELD_POLLS = 8;
/** Creates are sent this often, through the whole roll. */
const CREATE_EVERY_MS = 100;

const server = renderKustomization('overlays/scaled');
const migrations = renderKustomization('overlays/scaled/migrations');
const [[, deploymentTemplate]] = podTemplates(server);
const [[, jobTemplate]] = podTemplates(migrations);
const containerOf = (template: IPodTemplateSpec) => (template.spec?.containers ?? [])[0];

/**
 * No cluster here: each pod of the scaled overlay is a process with the environment the manifests give its container,
 * from the Secrets an operator makes. Only what the cluster's network and volumes provide differs: this machine's
 * PostgreSQL (a schema of the suite's own) and Redis (a prefix of its own), an S3 store on loopback, a port of its own
 * for each process, an empty DATA_DIR (the pod's emptyDir), and the proxy's address, which is loopback here where the
 * Ingress controller's is a pod address.
 */
function podEnvironment(
  objects: typeof server,
  container: IContainer,
  secrets: ReturnType<typeof operatorSecrets>,
  cluster: Record<string, string>,
): Record<string, string> {
  const { PORT: _port, ...environment } = containerEnvironment(objects, container, secrets);
  return { ...environment, ...cluster, DATA_DIR: mkdtempSync(join(tmpdir(), 'idflow-pod-')) };
}

/** The migrations Job's container: its command, in the image's working directory, with its environment. */
function runJob(
  container: IContainer,
  environment: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const [node, ...args] = container.command ?? [];
  expect(node).toBe('node');
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...environment } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describeScaledOut("rolling one of the scaled overlay's instances under streams, held polls and creates", () => {
  let s3: LocalS3;
  let balancer: EndpointBalancer;
  let secrets: ReturnType<typeof operatorSecrets>;
  let cluster: Record<string, string>;
  const instances: ServiceProcess[] = [];
  const streams: ResumingStream[] = [];

  /** A pod of the Deployment: started, then added to the endpoints once its readiness probe passes. */
  const startPod = async () => {
    const metricsPort = String(await freePort());
    const environment = podEnvironment(server, containerOf(deploymentTemplate), secrets, cluster);
    const pod = await startService({ ...environment, METRICS_PORT: metricsPort });
    instances.push(pod);
    const probe = containerOf(deploymentTemplate).readinessProbe?.httpGet?.path as string;
    expect((await fetch(`${pod.baseUrl}${probe}`)).status).toBe(200);
    balancer.add(pod.baseUrl);
    return { pod, metricsPort };
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    balancer = await EndpointBalancer.start();
    const schema = await createSchema(process.env.DATABASE_URL as string);
    secrets = operatorSecrets({
      DATABASE_URL: process.env.DATABASE_URL as string,
      REDIS_URL: process.env.REDIS_URL as string,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
    cluster = {
      DATABASE_SCHEMA: schema,
      REDIS_PREFIX: `${schema}:`,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_FORCE_PATH_STYLE: 'true',
      TRUSTED_PROXIES: 'loopback',
    };
  }, 30_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await balancer?.close();
    await s3?.close();
  });

  it('loses no request, answers every held poll and resumes every stream on the other instance', async () => {
    const job = await runJob(
      containerOf(jobTemplate),
      podEnvironment(migrations, containerOf(jobTemplate), secrets, cluster),
    );
    expect({ code: job.code, output: job.output }).toEqual({
      code: 0,
      output: expect.stringContaining('executed successfully'),
    });
    const { pod: a } = await startPod();
    const { metricsPort: bMetrics } = await startPod();

    const admin = { authorization: `Bearer ${secrets['idflow-secrets'].ADMIN_TOKEN}` };
    const bootstrap = await callFrom(`${balancer.url}/admin/sandbox/bootstrap`, clientAddress(), {
      method: 'POST',
      headers: admin,
    });
    const { apiKey, appSecret } = bootstrap.body?.data as { apiKey: string; appSecret: string };
    const keySecret = { 'x-api-key': apiKey, 'x-access-secret': appSecret };
    const call = (path: string, body?: object, headers: Record<string, string> = keySecret) =>
      callFrom(`${balancer.url}${path}`, clientAddress(), { method: body ? 'POST' : 'GET', headers, body });
    const newFlow = async () => {
      const created = await call('/api/v2/identification/same-device', SAME_DEVICE_LOGIN);
      expect(created.status).toBe(201);
      return (created.body?.data as JsonBody).request.id as string;
    };

    const streamFlows = await Promise.all(Array.from({ length: STREAMS }, newFlow));
    streams.push(
      ...streamFlows.map((id) =>
        ResumingStream.open(`${balancer.url}/api/v2/flow/sse?request=${id}`, { 'x-api-key': apiKey }, clientAddress()),
      ),
    );
    await Promise.all(streams.map((stream) => stream.opened()));

    const token = ((await call('/api/v1/flow/authorize')).body?.data as JsonBody).token as string;
    const pollFlows = await Promise.all(Array.from({ length: HELD_POLLS }, newFlow));
    const pollAnswers: number[] = [];
    /** A legacy poller: polls again whenever it is answered before its flow has ended. */
    const poll = async (id: string) => {
      for (;;) {
        const answer = await call(
          '/api/v2/flow/polling',
          { request: id },
          { 'x-api-key': apiKey, 'x-access-token': token },
        );
        pollAnswers.push(answer.status);
        const status = (answer.body?.data as JsonBody | undefined)?.request?.status;
        if (answer.status !== 200 || status === 'completed') return status;
      }
    };
    const polls = pollFlows.map(poll);

    const creates: Array<{ status: number; id?: string }> = [];
    let creating = true;
    const creator = (async () => {
      while (creating) {
        const created = await call('/api/v2/identification/same-device', SAME_DEVICE_LOGIN).catch(() => ({
          status: 0,
          body: undefined,
        }));
        creates.push({ status: created.status, id: (created.body?.data as JsonBody | undefined)?.request?.id });
        await pause(CREATE_EVERY_MS);
      }
    })();
    await pause(1000);

    // The pod is deleted: it leaves the endpoints at once and sleeps through its preStop hook, then gets SIGTERM.
    const serverContainer = containerOf(deploymentTemplate);
    const preStopSeconds = serverContainer.lifecycle?.preStop?.sleep?.seconds as number;
    const grace = deploymentTemplate.spec?.terminationGracePeriodSeconds as number;
    const deletedAt = performance.now();
    balancer.remove(a.baseUrl);
    await pause(preStopSeconds * 1000);
    const signalledAt = performance.now();
    process.kill(a.pid, 'SIGTERM');
    await a.exited;
    const drainedMs = performance.now() - signalledAt;
    // Within idflow's own bound, and so within Kubernetes' grace, which would otherwise kill it mid-drain.
    const drainBound = Number(containerEnvironment(server, serverContainer, secrets).SHUTDOWN_GRACE_SECONDS);
    expect(drainedMs).toBeLessThan(drainBound * 1000);
    expect(a.output()).not.toMatch(/Still shutting down/);
    expect(performance.now() - deletedAt).toBeLessThan(grace * 1000);
    expect(a.output()).toMatch(/Ending open event streams/);
    expect(a.output()).toMatch(/Answering held polls with the current state/);

    // Its replacement starts, and takes requests once ready; the streams and polls are all on the other instance now.
    await pause(1500);
    const metrics = await fetch(`http://127.0.0.1:${bMetrics}/metrics`, {
      headers: { authorization: `Bearer ${secrets['idflow-metrics'].token}` },
    }).then((response) => response.text());
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect({ streams: gauge('idflow_sse_streams_open'), polls: gauge('idflow_held_polls') }).toEqual({
      streams: STREAMS,
      polls: HELD_POLLS,
    });
    const { pod: replacement } = await startPod();
    await pause(1000);
    creating = false;
    await creator;

    for (const id of [...streamFlows, ...pollFlows]) {
      expect((await call(`/api/v2/sandbox/flows/${id}/approve`, {})).status).toBe(201);
    }
    await Promise.all(streams.map((stream) => stream.finished));
    for (const stream of streams) {
      const last = stream.events[stream.events.length - 1].data as JsonBody;
      expect(last.data.request.status).toBe('completed');
    }
    expect(await Promise.all(polls)).toEqual(pollFlows.map(() => 'completed'));
    expect(pollAnswers.filter((status) => status !== 200)).toEqual([]);

    expect(balancer.failures).toEqual([]);
    expect(creates.filter((created) => created.status !== 201)).toEqual([]);
    for (const { id } of creates) {
      expect((await call('/api/v2/flow/ping', { request: id })).status).toBe(200);
    }
    const resumed = streams.filter((stream) => stream.reconnections > 0);
    expect(resumed.length).toBeGreaterThan(0);
    const resumeMs = Math.max(...resumed.flatMap((stream) => stream.resumedAfterMs));
    console.log(
      `roll: ${creates.length} creates, all 201; ${resumed.length} of ${STREAMS} streams ended by the stopped instance, ` +
        `all resumed on the other within ${resumeMs.toFixed(0)} ms of their shutdown event; ` +
        `${pollAnswers.length - HELD_POLLS} of ${HELD_POLLS} held polls answered by the drain and polled again; ` +
        `drain ${drainedMs.toFixed(0)} ms after SIGTERM (preStop ${preStopSeconds} s, grace ${grace} s); ` +
        `replacement ${replacement.baseUrl} ready`,
    );
  }, 60_000);
});
