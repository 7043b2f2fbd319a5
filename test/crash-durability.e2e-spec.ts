import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonBody } from './support/json-body';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { ServiceProcess, startService } from './support/service-process';
import { createSchema, TEST_KEY_ENCRYPTION_KEY } from './support/test-config';
import { untilCompleted } from './support/document-flows';
import { TestTimestampAuthority } from './support/timestamp-authority';
import { eventually } from './support/waiting';
import { WebhookReceiver } from './support/webhook-receiver';

const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';
/**
 * Kill-and-restart rounds; each round sends every kind of write at once and kills the process while they land. One
 * in `npm test`, about 14 s a round; `.ci/run`'s PostgreSQL step runs three.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 1);
const DOCUMENTS = 30;
const SIGNINGS = 20;
const CREATES = 20;

interface Answered {
  status: number;
  body: { data: JsonBody };
}

async function call(service: ServiceProcess, path: string, headers: Record<string, string>, body?: object) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: JsonBody } };
}

/** The answer, or none when the process died before answering. */
const orNone = (request: Promise<Answered>) => request.catch(() => undefined);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same data, on the same SQLite file or PostgreSQL schema, for every start of the service: a restart after
 * SIGKILL finds what was committed, and nothing else.
 */
async function persistentSettings(): Promise<Record<string, string>> {
  const settings: Record<string, string> = {
    ADMIN_TOKEN,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'idflow-crash-')),
    RATE_LIMIT_PER_MINUTE: '1000000',
    ALLOW_PRIVATE_URLS: 'true',
    ALLOW_INSECURE_URLS: 'true',
    WEBHOOK_HOST_CHECK: 'syntax',
    // A seal the killed service had taken on is taken on again once its lease runs out: seconds here, not minutes.
    SEAL_LEASE_SECONDS: '2',
  };
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    Object.assign(settings, {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: await createSchema(databaseUrl),
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    });
    if (process.env.REDIS_URL) settings.REDIS_URL = process.env.REDIS_URL;
  }
  return settings;
}

describe('a crash loses nothing that was answered', () => {
  it(`after SIGKILL amid concurrent document completions, creates and approvals (${ROUNDS} rounds), every answered write and every webhook sent is still there`, async () => {
    const settings = await persistentSettings();
    const files = await FileHost.start();
    const receiver = await WebhookReceiver.start();
    const fileUrl = files.put('/contract.pdf', await makePdf(1, 'Crash contract'));
    let service = await startService(settings);
    try {
      const sandbox = (await call(service, '/admin/sandbox/bootstrap', { authorization: `Bearer ${ADMIN_TOKEN}` })).body
        .data as unknown as { apiKey: string; appSecret: string; testPersons: Array<{ nin: string }> };
      const keySecret = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
      const [first, second] = sandbox.testPersons.map((person) => person.nin);
      const webhook = (reference: string) => ({ host: receiver.url, reference });

      for (let round = 1; round <= ROUNDS; round++) {
        // Documents whose first signee has signed: the second signature completes each of them.
        const documents: string[] = [];
        for (let index = 0; index < DOCUMENTS; index++) {
          const created = await call(service, '/api/v2/document/signing', keySecret, {
            to: [first, second],
            file: { url: fileUrl, title: `Crash ${round}.${index}` },
            webhook: webhook(`doc-${round}-${index}`),
          });
          expect(created.status).toBe(201);
          const id = created.body.data.request.id as string;
          expect((await call(service, `/api/v2/sandbox/flows/${id}/approve`, keySecret, { nin: first })).status).toBe(
            201,
          );
          documents.push(id);
        }
        const signings: string[] = [];
        for (let index = 0; index < SIGNINGS; index++) {
          const created = await call(service, '/api/v2/signing/different-device', keySecret, {
            action: 'sign',
            nin: first,
            payload: `Crash ${round}.${index}`,
            webhook: webhook(`sign-${round}-${index}`),
          });
          expect(created.status).toBe(201);
          signings.push(created.body.data.request.id as string);
        }

        const completions = documents.map((id) =>
          orNone(call(service, `/api/v2/sandbox/flows/${id}/approve`, keySecret, { nin: second })),
        );
        const approvals = signings.map((id) =>
          orNone(call(service, `/api/v2/sandbox/flows/${id}/approve`, keySecret, { nin: first })),
        );
        const creates = Array.from({ length: CREATES }, (_, index) =>
          orNone(
            call(service, '/api/v2/identification/same-device', keySecret, {
              action: 'login',
              claims: ['naming.name'],
              payload: `Crash ${round}.${index}`,
            }),
          ),
        );
        // Killed while the writes land: some answered, some in flight, some not yet begun.
        await pause(300 + Math.random() * 900);
        process.kill(service.pid, 'SIGKILL');
        await service.exited;
        const answeredCompletions = (await Promise.all(completions)).flatMap((answer, index) =>
          answer?.status === 201 ? [documents[index]] : [],
        );
        const answeredApprovals = (await Promise.all(approvals)).flatMap((answer, index) =>
          answer?.status === 201 ? [signings[index]] : [],
        );
        const answeredCreates = (await Promise.all(creates)).flatMap((answer) =>
          answer?.status === 201 ? [answer.body.data.request.id as string] : [],
        );
        const completedHooks = receiver.received
          .filter((hit) => hit.json.type === 'document.completed' && hit.json.reference.startsWith(`doc-${round}-`))
          .map((hit) => hit.json.flow);

        service = await startService(settings);
        const refresh = async (id: string) =>
          (await call(service, '/api/v2/document/refresh', keySecret, { flow: id })).body.data.doc as JsonBody;
        // An answered last signature is committed: its stamped copy is made after it, by the restarted service if the
        // kill came first.
        for (const id of new Set([...answeredCompletions, ...completedHooks])) {
          const doc = await untilCompleted(() => refresh(id));
          expect({ id, status: doc.status }).toEqual({ id, status: 'completed' });
        }
        for (const id of answeredApprovals) {
          const ping = await call(service, '/api/v2/flow/ping', keySecret, { request: id });
          expect({ id, status: ping.body.data.request.status }).toEqual({ id, status: 'completed' });
        }
        for (const id of answeredCreates) {
          const ping = await call(service, '/api/v2/flow/ping', keySecret, { request: id });
          expect({ id, status: ping.status }).toEqual({ id, status: 200 });
        }
        // Webhooks of this round that arrive after the restart (retries of sends the kill cut off) tell the same story.
        await pause(1500);
        const payloads = new Map<string, string>();
        for (const hit of receiver.received) {
          if (hit.json.type !== 'document.completed' || !hit.json.reference.startsWith(`doc-${round}-`)) continue;
          const earlier = payloads.get(hit.json.flow);
          if (earlier !== undefined)
            expect({ flow: hit.json.flow, id: hit.id }).toEqual({ flow: hit.json.flow, id: earlier });
          payloads.set(hit.json.flow, hit.id);
        }
      }
    } finally {
      await service.stop().catch(() => undefined);
      await receiver.close();
      await files.close();
    }
  }, 300_000);

  it('after SIGKILL between the commit of the last signature and the stored seal, the restarted service completes the document with one stamped copy and one document.completed', async () => {
    const authority = await TestTimestampAuthority.start();
    // The authority holds its answer until the service is killed: the seal is under way, nothing of it stored.
    let release: () => void = () => undefined;
    authority.beforeAnswer = () => new Promise<void>((resolve) => (release = resolve));
    const settings: Record<string, string> = {
      ...(await persistentSettings()),
      TSA_URL: authority.url,
      SEAL_LEVEL: 'B-T',
    };
    const files = await FileHost.start();
    const receiver = await WebhookReceiver.start();
    let service = await startService(settings);
    try {
      const sandbox = (await call(service, '/admin/sandbox/bootstrap', { authorization: `Bearer ${ADMIN_TOKEN}` })).body
        .data as unknown as { apiKey: string; appSecret: string; testPersons: Array<{ nin: string }> };
      const keySecret = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
      const nin = sandbox.testPersons[0].nin;
      const created = await call(service, '/api/v2/document/signing', keySecret, {
        to: [nin],
        file: { url: files.put('/sealing.pdf', await makePdf(1, 'Killed while sealing')), title: 'Sealing' },
        webhook: { host: receiver.url, reference: 'killed-while-sealing' },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.request.id as string;
      expect((await call(service, `/api/v2/sandbox/flows/${id}/approve`, keySecret, { nin })).status).toBe(201);
      await eventually('the seal asks the timestamp authority', async () => authority.requests > 0, 30_000);

      process.kill(service.pid, 'SIGKILL');
      await service.exited;
      authority.beforeAnswer = undefined;
      release();
      service = await startService(settings);
      const refresh = async () =>
        (await call(service, '/api/v2/document/refresh', keySecret, { flow: id })).body.data.doc as JsonBody;
      const doc = await untilCompleted(refresh);
      expect(doc.file.stamped).toEqual(expect.any(String));

      const audit = (await call(service, '/api/v2/document/audit', keySecret, { flow: id })).body.data
        .events as JsonBody[];
      expect(audit.filter((event) => event.type === 'stamped')).toHaveLength(1);
      // The original and one stamped copy; with PostgreSQL the files are rows of the database, counted by the trail.
      if (!settings.DATABASE_URL) expect(readdirSync(join(settings.DATA_DIR, 'files'))).toHaveLength(2);
      await receiver.waitFor('killed-while-sealing', 2, 30_000);
      // Time for a second document.completed to arrive, were one queued.
      await pause(1500);
      const completed = receiver
        .hitsFor('killed-while-sealing')
        .filter((hit) => hit.json.type === 'document.completed');
      expect(completed).toHaveLength(1);
      expect(completed[0].json.data.doc).toMatchObject({
        id,
        status: 'completed',
        file: { stamped: doc.file.stamped },
      });
    } finally {
      await service.stop().catch(() => undefined);
      await receiver.close();
      await files.close();
      await authority.close();
    }
  }, 180_000);
});
