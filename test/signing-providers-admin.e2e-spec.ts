import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { OperatorSessionsService } from '../src/operators/operator-sessions.service';
import { OperatorsService } from '../src/operators/operators.service';
import { ConsumerSigningProvider } from '../src/remote-signing/consumer-signing-provider.entity';
import { CscProviderProxy, type ProxyClient } from './support/csc-provider-proxy';
import { downloadFile, untilCompleted } from './support/document-flows';
import { runCli } from './support/operator-cli';
import { SealedDocuments } from './support/sealed-documents';
import { ADMIN_TOKEN } from './support/test-config';
import { eventually } from './support/waiting';

const SIGNEES = [
  { nin: '10000000001', name: 'Adaeze Okonkwo' },
  { nin: '10000000002', name: 'Babajide Adeyemi' },
];
/** Nothing listens on port 1 of loopback: a provider there is unreachable. */
const UNREACHABLE = 'http://127.0.0.1:1/csc/v2';

/** A consumer's own remote signing provider, configured by the operator through the admin API and the CLI. */
describe("consumers' own signing providers", () => {
  let suite: SealedDocuments;
  /** An external provider as a consumer would contract one: the sandbox provider behind a client of its own. */
  let provider: CscProviderProxy;
  const client: ProxyClient = { id: 'acme-at-qtsp', secret: `qtsp-secret-${randomBytes(16).toString('hex')}` };
  let consumerId: string;
  /** Every answer the admin API and the CLI gave in this suite, searched for the client secret at the end. */
  const answers: string[] = [];

  const admin = () => suite.t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const providersPath = () => `/admin/consumers/${consumerId}/signing-providers`;
  const kept = <T extends { text: string }>(answer: T): T => {
    answers.push(answer.text);
    return answer;
  };
  const settings = (baseUrl: string, clientSecret: string) => ({
    environment: 'sandbox',
    baseUrl,
    clientId: client.id,
    clientSecret,
  });

  beforeAll(async () => {
    // The service's log lines, which pino writes to stdout's file descriptor: kept, searched for the secret with the
    // answers, and not printed (the write is answered done, as pino's destination waits for it).
    const write = fs.write.bind(fs) as (...args: unknown[]) => void;
    jest.spyOn(fs, 'write').mockImplementation((fd: number, buffer: string | Buffer, ...rest: unknown[]) => {
      if (fd !== 1) return write(fd, buffer, ...rest);
      answers.push(String(buffer));
      const done = rest.at(-1) as (error: null, written: number) => void;
      setImmediate(() => done(null, Buffer.byteLength(buffer)));
    });
    provider = await CscProviderProxy.start(client);
    // SIGNING_PROVIDERS unreachable: a document that completes was signed at its consumer's own provider.
    const deployment = JSON.stringify([
      { name: 'deployment provider', baseUrl: UNREACHABLE, clientId: 'x', clientSecret: 'y' },
    ]);
    suite = await SealedDocuments.start(
      { SIGNING_PROVIDERS: deployment, SEAL_RETRY_SCHEDULE: '0.5', LOG_LEVEL: 'debug', LOG_FORMAT: 'json' },
      { listening: true },
    );
    provider.target = new URL(suite.t.config.BASE_URL).origin;
    consumerId = suite.sandbox.consumerId;
  });
  afterAll(async () => {
    await suite?.close();
    await provider?.close();
    jest.restoreAllMocks();
  });

  it('adds, lists, checks and replaces a provider, answering its secret never and keeping it sealed', async () => {
    const added = kept(
      await admin()
        .post(providersPath())
        .send({ name: 'acme-qtsp', ...settings(UNREACHABLE, client.secret) })
        .expect(201),
    );
    expect(added.body.data).toEqual({
      consumerId,
      name: 'acme-qtsp',
      environment: 'sandbox',
      baseUrl: UNREACHABLE,
      clientId: client.id,
      clientSecretSet: true,
      createdAt: expect.any(Number),
      updatedAt: added.body.data.createdAt,
    });
    const listed = kept(await admin().get(providersPath()).expect(200));
    expect(listed.body.data).toEqual({ signingProviders: [added.body.data] });

    const down = kept(await admin().post(`${providersPath()}/acme-qtsp/check`).expect(200));
    expect(down.body.data).toEqual({
      name: 'acme-qtsp',
      ok: false,
      problem: expect.stringMatching(/^Signing provider acme-qtsp: info could not be reached/),
    });

    const wrongSecret = kept(
      await admin().put(`${providersPath()}/acme-qtsp`).send(settings(provider.url, 'not-the-secret')).expect(200),
    );
    expect(wrongSecret.body.data).toMatchObject({ baseUrl: provider.url, clientSecretSet: true });
    const refused = kept(await admin().post(`${providersPath()}/acme-qtsp/check`).expect(200));
    expect(refused.body.data).toEqual({
      name: 'acme-qtsp',
      ok: false,
      info: expect.objectContaining({ specs: expect.any(String) }),
      problem: 'Signing provider acme-qtsp: oauth2/token refused (401): invalid_client: Unknown client or wrong secret',
    });

    const row = await suite.t.app
      .get(DataSource)
      .getRepository(ConsumerSigningProvider)
      .findOneByOrFail({ consumerId, name: 'acme-qtsp' });
    expect(row.clientSecret).toMatch(/^kek1\./);
    expect(row.clientSecret).not.toContain('not-the-secret');

    // Back to the unreachable address, for the document below.
    kept(await admin().put(`${providersPath()}/acme-qtsp`).send(settings(UNREACHABLE, client.secret)).expect(200));
  });

  it("leaves a document pending while the consumer's provider is unreachable, completes it once the operator fixes it, and signs the next with the same token", async () => {
    const { id, reference } = await suite.signReview(SIGNEES, { signingOrder: 'sequential', signature: 'advanced' });
    const pending = await suite.untilPending(id);
    expect(pending.status).not.toBe('completed');
    expect(pending.pendingReason).toMatch(/^Signing provider acme-qtsp: .*could not be reached/);
    await eventually(
      'the webhook is queued',
      async () => (await suite.webhookTypes(reference)).includes('document.signature_failed'),
      20_000,
    );

    kept(await admin().put(`${providersPath()}/acme-qtsp`).send(settings(provider.url, client.secret)).expect(200));
    const checked = kept(await admin().post(`${providersPath()}/acme-qtsp/check`).expect(200));
    expect(checked.body.data).toEqual({
      name: 'acme-qtsp',
      ok: true,
      info: expect.objectContaining({ methods: expect.arrayContaining(['signatures/signHash']) }),
    });

    const tokensBeforeSigning = provider.tokens;
    const doc = await untilCompleted(() => suite.refresh(id));
    expect(doc.pendingReason).toBeUndefined();
    expect(provider.signHashes).toBe(2);
    const stamped = (await downloadFile(suite.t.http, doc.file.stamped)).body as Buffer;
    const signingCa = (await suite.t.http().get('/.well-known/idflow-signing-ca.pem').expect(200)).text;
    const sealCa = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    const report = await suite.pdf.pdfsig(stamped, await suite.pdf.trustStore(signingCa, sealCa));
    const [first, second] = report.split(/Signature #\d+:/).slice(1);
    expect(first).toContain(`Signer Certificate Common Name: ${SIGNEES[0].name}`);
    expect(second).toContain(`Signer Certificate Common Name: ${SIGNEES[1].name}`);
    for (const signature of [first, second]) {
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signature).toContain('Certificate Validation: Certificate is Trusted.');
    }
    const verified = await suite.verify(stamped);
    expect(verified.pades.signatures).toEqual([
      expect.objectContaining({ signer: SIGNEES[0].name, valid: true, trusted: true }),
      expect.objectContaining({ signer: SIGNEES[1].name, valid: true, trusted: true }),
      expect.objectContaining({ signer: expect.stringContaining('seal'), valid: true }),
    ]);

    // The next document is signed with the token the first one was: it is kept until it expires.
    const next = await suite.signReview(SIGNEES, { signingOrder: 'sequential', signature: 'advanced' });
    await untilCompleted(() => suite.refresh(next.id));
    expect(provider.signHashes).toBe(4);
    expect(provider.tokens - tokensBeforeSigning).toBe(1);

    // Neither what the integrator sees nor what idflow sent carries the secret.
    answers.push(JSON.stringify(doc), JSON.stringify(pending));
    answers.push((await suite.deliveries(reference)).text);
  }, 90_000);

  it('refuses a bad address, a name taken, an unknown consumer or provider, clearly', async () => {
    const badUrl = kept(
      await admin()
        .post(providersPath())
        .send({ name: 'ftp', ...settings('ftp://qtsp.example.com/csc/v2', 's') })
        .expect(400),
    );
    expect(badUrl.body.errors).toEqual([
      {
        code: 'invalid_string',
        path: ['baseUrl'],
        message: 'baseUrl must be an http(s) URL, the CSC API base URI (https://.../csc/v2)',
      },
    ]);
    await admin()
      .post(providersPath())
      .send({ name: 'no', ...settings('not a url', 's') })
      .expect(400);
    const badName = await admin()
      .post(providersPath())
      .send({ name: 'two words', ...settings(provider.url, 's') })
      .expect(400);
    expect(badName.body.errors[0].path).toEqual(['name']);
    await admin()
      .post(providersPath())
      .send({ name: 'x', environment: 'staging', baseUrl: provider.url, clientId: 'c', clientSecret: 's' })
      .expect(400);

    const taken = kept(
      await admin()
        .post(providersPath())
        .send({ name: 'acme-qtsp', ...settings(provider.url, 's') })
        .expect(409),
    );
    expect(taken.body.reason).toBe(
      'The consumer has a signing provider named acme-qtsp already; replace it or remove it first',
    );
    const unknownConsumer = await admin()
      .get('/admin/consumers/bcn_000000000000000000000000/signing-providers')
      .expect(404);
    expect(unknownConsumer.body.reason).toBe('Consumer bcn_000000000000000000000000 does not exist');
    await admin()
      .post('/admin/consumers/bcn_000000000000000000000000/signing-providers')
      .send({ name: 'x', ...settings(provider.url, 's') })
      .expect(404);
    const unknownName = await admin().delete(`${providersPath()}/nobody`).expect(404);
    expect(unknownName.body.reason).toBe(`Consumer ${consumerId} has no signing provider named nobody`);
    await admin().put(`${providersPath()}/nobody`).send(settings(provider.url, 's')).expect(404);
    await admin().post(`${providersPath()}/nobody/check`).expect(404);
  });

  it('lets a viewer list providers and refuses their changes; every change is in the audit log', async () => {
    const viewer = await suite.t.app.get(OperatorsService).add('40000000009', 'Vera Viewer', 'viewer');
    const { token } = await suite.t.app.get(OperatorSessionsService).open(viewer, 'a login of the viewer');
    const asViewer = () => suite.t.http().set('authorization', `Bearer ${token}`);
    const seen = kept(await asViewer().get(providersPath()).expect(200));
    expect(seen.body.data.signingProviders.map((p: { name: string }) => p.name)).toEqual(['acme-qtsp']);
    const refused = await asViewer()
      .post(providersPath())
      .send({ name: 'viewer-made', ...settings(provider.url, 's') })
      .expect(403);
    expect(refused.body.reason).toBe('This change needs the operator role; Vera Viewer is viewer');
    await asViewer().delete(`${providersPath()}/acme-qtsp`).expect(403);
    await asViewer().put(`${providersPath()}/acme-qtsp`).send(settings(provider.url, 's')).expect(403);

    const entries = (await admin().get('/admin/audit').query({ limit: 500 }).expect(200)).body.data.entries as Array<{
      actor: string;
      action: string;
      target: Record<string, string>;
      status: number;
    }>;
    const route = '/admin/consumers/:consumerId/signing-providers';
    const ofProviders = entries
      .filter((entry) => entry.action.includes(route))
      .map(({ action, target, status }) => ({ action, target, status }));
    expect(ofProviders).toEqual(
      expect.arrayContaining([
        { action: `POST ${route}`, target: { consumerId }, status: 201 },
        { action: `PUT ${route}/:name`, target: { consumerId, name: 'acme-qtsp' }, status: 200 },
        { action: `POST ${route}/:name/check`, target: { consumerId, name: 'acme-qtsp' }, status: 200 },
        { action: `POST ${route}`, target: { consumerId }, status: 409 },
        { action: `DELETE ${route}/:name`, target: { consumerId, name: 'nobody' }, status: 404 },
      ]),
    );
    expect(entries.filter((entry) => entry.actor === viewer.id && entry.action.includes(route))).toEqual([
      expect.objectContaining({ action: `POST ${route}`, status: 403 }),
      expect.objectContaining({ action: `DELETE ${route}/:name`, status: 403 }),
      expect.objectContaining({ action: `PUT ${route}/:name`, status: 403 }),
    ]);
    answers.push(JSON.stringify(entries));
  });

  it('is configured alike with the CLI, the secret read from a file', async () => {
    const secretFile = join(mkdtempSync(join(tmpdir(), 'idflow-provider-')), 'secret');
    writeFileSync(secretFile, `${client.secret}\n`);
    const cli = async (args: string[]) => {
      const run = await runCli(suite.t.config, [...args, '--consumer', consumerId], 'node', {
        LOG_LEVEL: 'debug',
        // The provider is on loopback over plain http, as the test app allows.
        ALLOW_PRIVATE_URLS: 'true',
        ALLOW_INSECURE_URLS: 'true',
      });
      answers.push(run.stdout, run.stderr);
      return run;
    };
    /** A command that sets the provider `by-cli` whole, its secret from the file. */
    const setting = (command: string, ...rest: string[]) =>
      cli(
        [
          command,
          '--name',
          'by-cli',
          '--env',
          'production',
          '--base-url',
          provider.url,
          '--client-id',
          client.id,
        ].concat(['--client-secret-file', secretFile], rest),
      );

    const added = await setting('signing-provider:add', '--json');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      name: 'by-cli',
      environment: 'production',
      clientSecretSet: true,
    });

    const checked = await cli(['signing-provider:check', '--name', 'by-cli', '--json']);
    expect(JSON.parse(checked.stdout)).toMatchObject({ name: 'by-cli', ok: true });

    const listed = await cli(['signing-providers:list']);
    expect(listed.stdout).toContain('2 signing providers of consumer');
    expect(listed.stdout).toContain(`by-cli  production ${provider.url} (client ${client.id})`);

    writeFileSync(secretFile, 'rotated-secret');
    const replaced = await setting('signing-provider:replace');
    expect(replaced.stdout).toContain('Signing provider by-cli of consumer');
    const refused = await cli(['signing-provider:check', '--name', 'by-cli', '--json']);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, problem: expect.stringContaining('401') });

    const twice = await setting('signing-provider:add');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('has a signing provider named by-cli already');

    const removed = await cli(['signing-provider:remove', '--name', 'by-cli', '--json']);
    expect(JSON.parse(removed.stdout)).toMatchObject({ name: 'by-cli' });
    const entries = (await admin().get('/admin/audit').query({ limit: 500 }).expect(200)).body.data.entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['signing-provider:add', 'signing-provider:replace', 'signing-provider:remove']),
    );
  }, 120_000);

  it('never answered, printed or logged a client secret', () => {
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.some((line) => line.includes('"msg":"request completed"') || line.includes('"req"'))).toBe(true);
    for (const answer of answers) {
      expect(answer).not.toContain(client.secret);
      expect(answer).not.toContain('not-the-secret');
      expect(answer).not.toContain('rotated-secret');
    }
  });
});
