import type { JsonBody } from './support/json-body';
import { ServiceProcess, closedPort, runService, startService } from './support/service-process';
import { eventually } from './support/waiting';

describe('the service as a process', () => {
  it('refuses to start on a bad setting, naming the variable and printing no stack', async () => {
    const run = runService({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    await expect(run.exited).resolves.toBe(1);
    expect(run.stderr()).toContain('PORT must be an integer between 0 and 65535 (got "eighty")');
    expect(run.stderr()).toContain('LOG_LEVEL must be one of');
    expect(run.stderr()).not.toMatch(/\n\s+at /);
  });

  it('refuses to start on a key-encryption key that does not open, in one line and with no stack', async () => {
    const run = runService({ KEY_ENCRYPTION_KEY: 'not-a-key' });
    await expect(run.exited).resolves.toBe(1);
    expect(run.stderr().trim().split('\n')).toEqual([
      'KEY_ENCRYPTION_KEY: key 1 is not 32 bytes in base64 (44 characters ending in =)',
    ]);
  });

  describe('logging', () => {
    let service: ServiceProcess;

    beforeAll(async () => {
      service = await startService({ LOG_LEVEL: 'info' });
    });
    afterAll(() => service.stop());

    it('writes JSON lines, tags request lines with the request id, and never logs credentials', async () => {
      const credentials = {
        'x-api-key': 'bk-test_CredentialThatMustNotBeLogged0000000000',
        'x-access-secret': 'snb_SecretThatMustNotBeLogged',
        'x-access-token': 'token-that-must-not-be-logged',
        authorization: 'Bearer admin-token-that-must-not-be-logged',
      };
      const response = await fetch(`${service.baseUrl}/api/health/check?probe=query-value-not-logged`, {
        headers: { ...credentials, 'x-request-id': 'logging-test-1' },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('x-request-id')).toBe('logging-test-1');
      await new Promise((resolve) => setTimeout(resolve, 200));

      const lines = service.output().trim().split('\n');
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toContainEqual(
        expect.objectContaining({
          msg: expect.stringMatching(
            /^idflow listening on http:\/\/.+ \(database: SQLite at .+, bus: in-process, traces: off\)$/,
          ),
        }),
      );
      const requestLine = entries.find((entry) => entry.reqId === 'logging-test-1');
      expect(requestLine).toMatchObject({
        req: { method: 'GET', path: '/api/health/check' },
        res: { statusCode: 401 },
      });
      for (const value of [...Object.values(credentials), 'query-value-not-logged']) {
        expect(service.output()).not.toContain(value);
      }
    });

    it('never logs capability path segments or NINs, whatever the route answers and however the path is spelt', async () => {
      const requests: Array<{ path: string; secret: string; logged: string }> = [
        { path: '/files/', secret: 'f1e2d3c4b5a69788796a5b4c3d2e1f00.pdf', logged: '/files/[redacted]' },
        { path: '/review/', secret: 'doc_capabilitythatmustnotbelogged', logged: '/review/[redacted]' },
        { path: '/open/', secret: 'LinkCodeThatMustNotBeLogged0000', logged: '/open/[redacted]' },
        { path: '/OPEN/', secret: 'UpperLinkCodeNotToBeLogged00000', logged: '/open/[redacted]' },
        { path: '/admin/persons/sandbox/', secret: '19876543210', logged: '/admin/persons/sandbox/[redacted]' },
        { path: '/ADMIN/persons/sandbox/', secret: '19876543211', logged: '/admin/persons/sandbox/[redacted]' },
        {
          path: '/wallet/v1/flows/',
          secret: 'doc_WalletPathDocumentIdNotLogged',
          logged: '/wallet/v1/flows/[redacted]',
        },
      ];
      for (const [index, { path, secret }] of requests.entries()) {
        await fetch(`${service.baseUrl}${path}${secret}`, { headers: { 'x-request-id': `redaction-${index}` } });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));

      const entries = service
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { reqId?: string; req?: { path: string } });
      for (const [index, { secret, logged }] of requests.entries()) {
        const line = entries.find((entry) => entry.reqId === `redaction-${index}`);
        expect(line?.req?.path).toBe(logged);
        expect(service.output()).not.toContain(secret);
      }
    });
  });

  it('logs a warning naming the delivery when a webhook attempt fails, never the URL', async () => {
    const adminToken = 'process-test-admin-token-0123456789';
    const service = await startService({
      LOG_LEVEL: 'info',
      ADMIN_TOKEN: adminToken,
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
    });
    try {
      const post = async (path: string, headers: Record<string, string>, body: object): Promise<JsonBody> => {
        const response = await fetch(`${service.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return (await response.json()) as JsonBody;
      };
      const sandbox = (await post('/admin/sandbox/bootstrap', { authorization: `Bearer ${adminToken}` }, {})).data;
      const keySecret = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
      const nin = sandbox.testPersons[0].nin;
      const hook = `http://127.0.0.1:${await closedPort()}/hooks?token=webhook-url-token-not-logged`;
      const created = await post('/api/v2/signing/different-device', keySecret, {
        action: 'sign',
        nin,
        payload: 'Contract 12',
        webhook: { host: hook, reference: 'walkthrough' },
      });
      await post(`/api/v2/sandbox/flows/${created.data.request.id}/approve`, keySecret, { nin });

      const deadline = Date.now() + 10_000;
      let warning: Record<string, unknown> | undefined;
      while (!warning && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        warning = service
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find((entry) => entry.msg === 'Webhook attempt failed');
      }
      expect(warning).toMatchObject({
        level: 40,
        deliveryId: expect.stringMatching(/^msg_/),
        attempt: 1,
        status: 'pending',
        error: expect.any(String),
      });
      expect(service.output()).not.toContain('webhook-url-token-not-logged');
    } finally {
      await service.stop();
    }
  }, 60_000);

  it('writes readable lines with LOG_FORMAT=pretty, and warns at start that the outbound guard is lifted', async () => {
    const service = await startService({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', ALLOW_PRIVATE_URLS: 'true' });
    try {
      // pino-pretty writes from a thread of its own: the line saying it listens may follow the first answer.
      await eventually('the listening line', async () => service.output().includes('idflow listening on'), 30_000);
      const lines = service.output().trim().split('\n');
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(lines).toContainEqual(expect.stringMatching(/INFO.*idflow listening on http:\/\//));
      expect(lines).toContainEqual(
        expect.stringMatching(
          /WARN.*ALLOW_PRIVATE_URLS on: idflow's outbound calls \(webhooks, downloads, push, OIDC, timestamps\) may reach loopback/,
        ),
      );
    } finally {
      await service.stop();
    }
  });
});
