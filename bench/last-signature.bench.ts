/**
 * What a document's last signature costs the serving process (issue 44, finding 2): for an original whose object
 * stream inflates to 100 MiB (B-B) and a 1,000-page original sealed at B-LTA against a local timestamp authority,
 * the last signature is sent while liveness is probed every 50 ms, and the bench prints how long the signature took to
 * answer and the document to complete, the worst lateness of a probe (timed from when it was due), the process's RSS
 * before and at its peak, and the longest database transaction meanwhile. Run it on two checkouts to compare them.
 *
 *   npm run bench:last-signature
 */
import { DataSource } from 'typeorm';
import { farFilterBomb } from '../test/support/pdf-bombs';
import { FileHost, makeBlankPdf } from '../test/support/pdf-fixtures';
import { bootstrapSandbox, credentials } from '../test/support/sandbox-tenant';
import { type TestApp, createListeningTestApp } from '../test/support/test-app';
import { TestTimestampAuthority } from '../test/support/timestamp-authority';

const PROBE_EVERY_MS = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;

/** Times every transaction the app opens, by wrapping its data source's `transaction`. */
function timeTransactions(t: TestApp): number[] {
  const dataSource = t.app.get(DataSource);
  const transaction = dataSource.transaction.bind(dataSource) as (...args: unknown[]) => Promise<unknown>;
  const held: number[] = [];
  Object.assign(dataSource, {
    transaction: async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await transaction(...args);
      } finally {
        held.push(performance.now() - started);
      }
    },
  });
  return held;
}

async function lastSignature(label: string, t: TestApp, fileUrl: string): Promise<void> {
  const sandbox = await bootstrapSandbox(t.app);
  const headers = credentials(sandbox);
  const [first, last] = sandbox.testPersons.map((person) => person.nin);
  const created = await t
    .http()
    .post('/api/v2/document/signing')
    .set(headers)
    .send({
      to: [first, last],
      file: { url: fileUrl, title: label },
      webhook: { host: 'https://example.com/hook', reference: label },
    })
    .expect(201);
  const id: string = created.body.data.request.id;
  await t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers).send({ nin: first }).expect(201);
  const held = timeTransactions(t);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let answeredMs = 0;
  let finished = false;
  const started = performance.now();
  const completion = (async () => {
    await t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers).send({ nin: last }).expect(201);
    answeredMs = performance.now() - started;
    for (;;) {
      const refreshed = await t.http().post('/api/v2/document/refresh').set(headers).send({ flow: id }).expect(200);
      if (refreshed.body.data.doc.status === 'completed') return;
      await pause(PROBE_EVERY_MS);
    }
  })().finally(() => (finished = true));
  const lateness: number[] = [];
  let due = performance.now();
  while (!finished) {
    await t.http().get('/api/health/live').expect(200);
    lateness.push(performance.now() - due);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    due = performance.now() + PROBE_EVERY_MS;
    await pause(PROBE_EVERY_MS);
  }
  await completion;
  console.log(
    `${label}: answered in ${Math.round(answeredMs)} ms, completed in ${Math.round(performance.now() - started)} ms; ` +
      `${lateness.length} probes, worst ${Math.round(Math.max(...lateness))} ms late; ` +
      `RSS ${mib(rssBefore)} -> peak ${mib(rssPeak)}; longest transaction ${Math.round(Math.max(...held))} ms`,
  );
}

async function main(): Promise<void> {
  const files = await FileHost.start();
  const authority = await TestTimestampAuthority.start();
  const local = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };
  try {
    const plain = await createListeningTestApp((origin) => ({ BASE_URL: origin, ...local }));
    try {
      await lastSignature('100 MiB object stream, B-B', plain, files.put('/inflating.pdf', farFilterBomb(100)));
    } finally {
      await plain.close();
    }
    // Listening on BASE_URL: the seal's validation data includes the sandbox seal CA's own OCSP answers.
    const longTerm = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      ...local,
      TSA_URL: authority.url,
      SEAL_LEVEL: 'B-LTA',
    }));
    try {
      await lastSignature('1,000 pages, B-LTA', longTerm, files.put('/thousand.pdf', makeBlankPdf(1000)));
    } finally {
      await longTerm.close();
    }
  } finally {
    await authority.close();
    await files.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
