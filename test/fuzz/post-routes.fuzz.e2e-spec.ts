import fc from 'fast-check';
import { DataSource, IsNull, Not } from 'typeorm';
import { FlowDocument } from '../../src/documents/flow-document.entity';
import { buildOpenApiDocument } from '../../src/bootstrap/openapi-document';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { SEAL_TIMEOUT_MS, startDocument, storedFiles } from '../support/document-flows';
import { eventually } from '../support/waiting';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { closedPort } from '../support/service-process';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import type { TestDevice } from '../support/test-device';
import { type Components, type Schema, hostileBody, validValue } from './schema-arbitraries';

/** 500 cases in `npm test` (about 5 s), 2,000 in `.ci/run`'s PostgreSQL step; `npm run fuzz` runs 100,000. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
/** Tables a refused request must leave as they were (usage records are meant to count refusals, so they are not here). */
const STORED_TABLES = [
  'flows',
  'flow_codes',
  'documents',
  'document_signees',
  'consumers',
  'apps',
  'api_keys',
  'persons',
  'devices',
  'enrollment_codes',
];

interface PostRoute {
  /** OpenAPI form: `/api/v2/sandbox/flows/{flowId}/approve`. */
  path: string;
  body: fc.Arbitrary<unknown>;
}

describe(`every POST route, ${RUNS} generated and mutated bodies: no 5xx, no crash, nothing stored when refused`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let device: TestDevice;
  let routes: PostRoute[];
  let knownIds: string[];
  let token: string;

  beforeAll(async () => {
    files = await FileHost.start();
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', RATE_LIMIT_PER_MINUTE: '100000000' },
    });
    sandbox = await bootstrapSandbox(t.app);
    device = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    const pdfUrl = files.put('/fuzz.pdf', await makePdf(1));
    // Webhooks of the flows the fuzzer completes go to a port on this machine that refuses them at once.
    const targets = { urls: [pdfUrl, `http://127.0.0.1:${await closedPort()}/hook`] };

    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    token = await integrator.authorize();
    const flows = await Promise.all([
      integrator.start('same-device', SAME_DEVICE_LOGIN),
      integrator.start('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 2 }),
      integrator.start('different-device', { ...SAME_DEVICE_LOGIN, user: sandbox.testPersons[0].nin }),
    ]);
    const review = await startDocument(integrator, 'review', {
      signee: [
        { name: 'Ada', type: 'person', email: 'ada@example.com', nin: sandbox.testPersons[0].nin, representing: '' },
      ],
      file: { url: pdfUrl, title: 'Fuzz' },
      webhook: { host: targets.urls[1], reference: 'fuzz' },
    });
    knownIds = [...flows.map((flow) => flow.id), review.request.id as string, sandbox.appId, sandbox.consumerId, '0'];

    const document = buildOpenApiDocument(t.app) as unknown as {
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema: Schema }> } } }>;
      components: { schemas: Components };
    };
    routes = Object.entries(document.paths)
      .filter(([, operations]) => operations.post)
      .map(([path, operations]) => {
        const schema = operations.post?.requestBody?.content?.['application/json']?.schema ?? { type: 'object' };
        return { path, body: hostileBody(validValue(schema, document.components.schemas, targets)) };
      });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await files?.close();
  });

  async function storedState(): Promise<Record<string, number>> {
    // One statement for every table: a case reads them twice, and 2,000 cases made ten statements each time.
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT ${STORED_TABLES.map((table) => `(SELECT COUNT(*) FROM ${table}) AS ${table}`).join(', ')}`);
    const counts = Object.fromEntries(STORED_TABLES.map((table) => [table, Number(row[table])]));
    return { ...counts, files: (await storedFiles(t.app)).length };
  }

  /**
   * The stored state once no document's seal is due: a case the fuzzer made succeed (a last signature) seals its
   * document after answering, and the copy that seal stores must not land inside the next case's before and after.
   */
  async function settledState(): Promise<Record<string, number>> {
    await eventually('no seal due', async () => (await sealsDue()) === 0, SEAL_TIMEOUT_MS);
    return storedState();
  }

  async function sealsDue(): Promise<number> {
    return t.app
      .get(DataSource)
      .getRepository(FlowDocument)
      .countBy({ sealDueAt: Not(IsNull()) });
  }

  async function headersFor(path: string): Promise<Record<string, string>> {
    if (path.startsWith('/admin')) return { authorization: `Bearer ${ADMIN_TOKEN}` };
    if (path.startsWith('/wallet')) return { authorization: await device.proof('POST', path) };
    const keySecret = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
    return path.startsWith('/api/v1') ? { ...keySecret, 'x-access-token': token } : keySecret;
  }

  it('holds for every case', async () => {
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.array(fc.oneof(fc.constantFrom(...knownIds), fc.string({ maxLength: 30 })), {
          minLength: 4,
          maxLength: 4,
        }),
        body: route.body,
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, body }) => {
        let index = 0;
        const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[index++]));
        const before = await settledState();
        const response = await t
          .http()
          .post(path)
          .set(await headersFor(path))
          .set('content-type', 'application/json')
          .send(JSON.stringify(body) ?? 'null');
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(await storedState()).toEqual(before);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    await t.http().get('/api/health/ready').expect(200);
  }, 600_000_000);

  it('covers the POST routes of every part of the service', () => {
    const paths = routes.map((route) => route.path);
    for (const expected of [
      '/api/v2/identification/same-device',
      '/api/v2/signing/different-device',
      '/api/v2/document/review',
      '/api/v2/flow/ping',
      '/api/v2/sandbox/flows/{flowId}/approve',
      '/wallet/v1/flows/pick-up',
      '/review/{docId}/signees/{position}/push',
      '/admin/apps',
      '/verify',
    ]) {
      expect(paths).toContain(expected);
    }
  });
});
