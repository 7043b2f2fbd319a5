import { FaultRig } from '../support/fault-rig';
import { callJson } from '../support/json-call';
import { LocalRedis } from '../support/local-redis';
import { makePdf } from '../support/pdf-fixtures';
import type { ServiceProcess } from '../support/service-process';
import { SseClient } from '../support/sse-client';
import { eventually, pause, within } from '../support/waiting';

const OUTAGE_MS = 20_000;
/** How long an instance may take to serve again once Redis answers (ioredis retries at most 5.2 s apart). */
const RECOVERY_MS = 10_000;
/** A document this long is still being stamped and sealed when Redis stops under its last signature. */
const LONG_DOCUMENT_PAGES = 300;

describe('Redis stopped for 20 s and restarted, on two instances under load', () => {
  const redis = new LocalRedis(process.env.REDIS_URL as string);
  let rig: FaultRig;

  beforeAll(async () => {
    rig = await FaultRig.start({ POLL_HOLD_SECONDS: '120' });
  }, 90_000);
  afterAll(async () => {
    await redis.start();
    await rig?.close();
  });

  const approve = (on: ServiceProcess, flow: string, nin: string) =>
    rig.pair.call(on, `/api/v2/sandbox/flows/${flow}/approve`, { nin });
  const lastStatus = (stream: SseClient) =>
    (stream.events[stream.events.length - 1].data as { data: { request: { status: string } } }).data.request.status;

  it('refuses with 503 and says so in readiness while Redis is away, recovers without a restart, and every observer sees the final state', async () => {
    const { pair, files, receiver } = rig;
    const { a, b, sandbox } = pair;
    const readiness = (on: ServiceProcess) => pair.readiness(on);
    const [first, second] = sandbox.nins;
    const webhook = { host: receiver.url, reference: 'observed' };
    const signing = async (on: ServiceProcess) =>
      (await pair.call(on, '/api/v2/signing/different-device', { action: 'sign', nin: first, payload: 'x', webhook }))
        .body.data.request.id as string;

    // Observers opened before the outage, on the other instance than the one their flow changes through.
    const streamed = await signing(b);
    const polled = await signing(a);
    const fileUrl = files.put('/long.pdf', await makePdf(LONG_DOCUMENT_PAGES, 'Long lease'));
    const document = (
      await pair.call(b, '/api/v2/document/signing', {
        to: [first, second],
        file: { url: fileUrl, title: 'Long' },
        webhook,
      })
    ).body.data.request.id as string;
    expect((await approve(b, document, first)).status).toBe(201);
    const sse = (flow: string) => SseClient.open(`${a.baseUrl}/api/v2/flow/sse?request=${flow}`, sandbox.headers);
    const [flowStream, documentStream] = await Promise.all([sse(streamed), sse(document)]);
    await Promise.all([flowStream.waitFor(1), documentStream.waitFor(1)]);
    const grant = await pair.call(b, '/api/v1/flow/authorize', undefined, 'GET');
    const heldPoll = callJson(`${b.baseUrl}/api/v1/flow/polling`, {
      headers: {
        'x-api-key': sandbox.headers['x-api-key'],
        'x-real-ip': sandbox.headers['x-real-ip'],
        'x-access-token': grant.body.data.token,
      },
      body: { request: polled },
    });

    const load = await rig.startLoad('redis');
    try {
      await pause(2000);
      // Admitted just before Redis stops, committed while it is away: no instance can hear of this change then.
      const lastSignature = approve(b, document, second);
      await pause(50);
      let signedDuringOutage = 0;
      const stoppedAt = Date.now();
      await redis.stop();
      try {
        for (const on of [a, b]) {
          await eventually('readiness reports Redis down', async () => (await readiness(on)).status === 503, 5000);
          expect((await readiness(on)).body).toMatchObject({
            status: 'failed',
            data: { ready: false, database: 'up', redis: 'down' },
          });
          expect((await pair.call(on, '/api/health/check', undefined, 'GET')).status).toBe(503);
          expect((await callJson(`${on.baseUrl}/api/health/live`, { method: 'GET' })).status).toBe(200);
        }
        const signed = await lastSignature;
        signedDuringOutage = signed.status;
        if (signed.status !== 201) expect(signed.status).toBe(503);
        await pause(stoppedAt + OUTAGE_MS - Date.now());
      } finally {
        await redis.start();
      }
      const restartedAt = Date.now();
      await pair.untilReady(RECOVERY_MS);
      for (const on of [a, b]) {
        expect((await readiness(on)).body.data).toEqual({
          ready: true,
          database: 'up',
          redis: 'up',
          checkpointer: 'not configured',
        });
      }
      const recoveredAt = Date.now();
      console.log(`both instances ready ${recoveredAt - restartedAt} ms after Redis answered again`);
      for (const on of [a, b]) {
        // The operator reads of the outage in the structured log, not in a stack trace for every reconnect.
        expect(on.output()).toContain('Lost a Redis connection');
        expect(on.output()).not.toContain('[ioredis] Unhandled error event');
      }

      // A signature refused at the door is made again; one that landed during the outage completed the document.
      const again = await approve(a, document, second);
      expect([201, 409]).toContain(again.status);
      expect((await approve(b, streamed, first)).status).toBe(201);
      expect((await approve(a, polled, first)).status).toBe(201);

      await within('the flow stream ends', flowStream.ended, 5000);
      expect(lastStatus(flowStream)).toBe('completed');
      await within('the document stream ends', documentStream.ended, 5000);
      expect(lastStatus(documentStream)).toBe('completed');
      const held = await within('the held poll answers', heldPoll, 5000);
      expect(held.body.data.request).toMatchObject({ id: polled, status: 'completed' });

      await pause(3000);
      await load.stop();
      console.log(
        `last signature during the outage: ${signedDuringOutage}; load answers by status: ${JSON.stringify(load.countsByStatus())}`,
      );
      const outcomes = load.answers.map(({ status }) => status);
      expect(new Set(outcomes)).toEqual(new Set([200, 201, 503]));
      // Refused only while Redis was away (and requests it cut off), and served by both instances once it was back.
      expect(load.answers.filter((answer) => answer.status === 503 && answer.at > recoveredAt + 1000)).toEqual([]);
      for (const on of [a, b]) {
        const after = load.answers.filter((answer) => answer.instance === on.baseUrl && answer.at > recoveredAt);
        expect(after.some((answer) => answer.status < 300)).toBe(true);
      }
      for (const flow of load.created) {
        expect({ flow, status: (await pair.call(b, '/api/v2/flow/ping', { request: flow })).status }).toEqual({
          flow,
          status: 200,
        });
      }
    } finally {
      await load.stop();
      flowStream.close();
      documentStream.close();
    }
  }, 150_000);
});
