import { LocalServer } from './support/local-server';
import type { JsonBody } from './support/json-body';
import { ServiceProcess, startService } from './support/service-process';

const ADMIN_TOKEN = 'tracing-test-admin-token-0123';

interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  attributes: Record<string, unknown>;
}

/** An OpenTelemetry collector's OTLP/HTTP JSON traces endpoint, keeping every span it is sent. */
async function startCollector(): Promise<{ server: LocalServer; spans: ExportedSpan[]; resources: JsonBody[] }> {
  const spans: ExportedSpan[] = [];
  const resources: JsonBody[] = [];
  const server = await LocalServer.start((request, response, body) => {
    const exported = JSON.parse(body.toString('utf8')) as JsonBody;
    for (const resourceSpans of exported.resourceSpans ?? []) {
      resources.push(resourceSpans.resource);
      for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) {
          const attributes = Object.fromEntries(
            (span.attributes ?? []).map((attribute: JsonBody) => [
              attribute.key,
              Object.values(attribute.value as object)[0],
            ]),
          );
          spans.push({ name: span.name, kind: span.kind, traceId: span.traceId, attributes });
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return { server, spans, resources };
}

async function eventually<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not found in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('traces', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let service: ServiceProcess;

  beforeAll(async () => {
    collector = await startCollector();
    service = await startService({
      ADMIN_TOKEN,
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.server.origin}/v1/traces`,
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  });
  afterAll(async () => {
    await service.stop();
    await collector.server.close();
  });

  const call = async (method: string, path: string, headers: Record<string, string>, body?: object) => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as JsonBody };
  };

  it('says at start that traces are on', () => {
    expect(service.output()).toMatch(/idflow listening on .*traces: OpenTelemetry\)/);
  });

  it('traces a create: the server span carries the route, the request id and the flow id, with the handler beneath it', async () => {
    const sandbox = (await call('POST', '/admin/sandbox/bootstrap', { authorization: `Bearer ${ADMIN_TOKEN}` })).body
      .data;
    const created = await call(
      'POST',
      '/api/v2/identification/same-device',
      { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret, 'x-request-id': 'traced-create-1' },
      { action: 'login', claims: ['naming.name'], payload: 'Log in' },
    );
    expect(created.status).toBe(201);
    const flowId = created.body.data.request.id as string;

    const server = await eventually(() =>
      collector.spans.find((span) => span.attributes['idflow.request_id'] === 'traced-create-1'),
    );
    expect(server).toMatchObject({
      kind: 2,
      attributes: {
        'http.route': '/api/v2/identification/same-device',
        'idflow.flow_id': flowId,
      },
    });
    expect(Number(server.attributes['http.response.status_code'])).toBe(201);
    const handler = await eventually(() =>
      collector.spans.find(
        (span) =>
          span.traceId === server.traceId &&
          span.attributes['express.type'] === 'request_handler' &&
          span.attributes['http.route'] === '/api/v2/identification/same-device',
      ),
    );
    expect(handler.kind).toBe(1);
    // Middleware layers are not traced one by one: they would be most of every trace and say nothing.
    expect(collector.spans.filter((span) => span.attributes['express.type'] === 'middleware')).toEqual([]);
    expect(collector.resources[0].attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'idflow' } });
  });

  it('shows no capability or query string in a span, and leaves probes untraced', async () => {
    const secret = 'LinkCodeThatMustNotBeTraced00000';
    await fetch(`${service.baseUrl}/open/${secret}?token=query-value-not-traced`, {
      headers: { 'x-request-id': 'traced-open-1' },
    });
    const upper = 'UpperLinkCodeThatMustNotBeTraced';
    await fetch(`${service.baseUrl}/OPEN/${upper}`, { headers: { 'x-request-id': 'traced-open-2' } });
    await fetch(`${service.baseUrl}/api/health/live`, { headers: { 'x-request-id': 'untraced-probe-1' } });
    const open = await eventually(() =>
      collector.spans.find((span) => span.attributes['idflow.request_id'] === 'traced-open-1'),
    );
    expect(open.attributes).toMatchObject({ 'url.path': '/open/[redacted]', 'url.query': '[redacted]' });
    const openUpper = await eventually(() =>
      collector.spans.find((span) => span.attributes['idflow.request_id'] === 'traced-open-2'),
    );
    expect(openUpper.attributes).toMatchObject({ 'url.path': '/open/[redacted]' });
    const everything = JSON.stringify(collector.spans);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(upper);
    expect(everything).not.toContain('query-value-not-traced');
    expect(everything).not.toContain('untraced-probe-1');
  });
});
