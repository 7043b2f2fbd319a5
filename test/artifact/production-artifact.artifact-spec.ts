import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { verifySignature, verifyWebhook } from '@idflow/client';
import { decodeJwt } from 'jose';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { ArtifactServer } from '../support/artifact-server';
import { Dockerfile } from '../support/dockerfile';
import { completedDocument, downloadFile, simulatedDocumentSigner, startDocument } from '../support/document-flows';
import { runtimeEnv } from '../support/image-replay';
import { IntegratorClient } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { PdfWorkbench } from '../support/pdf-tools';
import { decryptClaims, recordOf } from '../support/released-claims';
import { TestTimestampAuthority } from '../support/timestamp-authority';
import { eventually } from '../support/waiting';
import { type ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';

const run = promisify(execFile);
/** Names outside WinAnsi, so the stamp needs the embedded Noto font: Cyrillic, and Yoruba's dotted vowels and tones. */
const SIGNEE_NAMES = ['Иван Петров', 'Adébáyọ̀ Ọládélé'];

/**
 * The image's runtime stage (ARTIFACT_DIR, laid out by the Dockerfile's replay: the compiled build and production
 * dependencies only) run as a deployment runs it, and used as an integrator uses it. Any answer that is wrong fails its
 * test, and any line the server logs at error level from start to stop fails the last.
 */
describe('the production artifact, driven end to end', () => {
  const folder = process.env.ARTIFACT_DIR as string;
  const image = Dockerfile.read().runtime;
  const env = runtimeEnv();
  let authority: TestTimestampAuthority;
  let files: FileHost;
  let receiver: WebhookReceiver;
  let pdf: PdfWorkbench;
  let sandbox: SandboxBootstrap;
  let server: ArtifactServer;
  let integrator: IntegratorClient;
  let sealed: Buffer;

  /** A command of the image run in its folder, as `docker run --rm idflow node ...` runs one; its stdout. */
  const command = async (...args: string[]) =>
    (await run(process.execPath, args, { cwd: folder, env: { PATH: process.env.PATH ?? '', ...env } })).stdout;

  beforeAll(async () => {
    // The release step docs/operations.md gives (migrations, then instances with MIGRATIONS_RUN=false), and the
    // sandbox an integrator gets from the operator's CLI: both compiled, both on the data folder the server uses.
    await command('node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/ormconfig.js');
    sandbox = JSON.parse(await command('dist/src/cli/main.js', 'sandbox:bootstrap', '--json')) as SandboxBootstrap;
    [authority, files, receiver, pdf] = await Promise.all([
      TestTimestampAuthority.start(),
      FileHost.start(),
      WebhookReceiver.start(),
      PdfWorkbench.open(),
    ]);
    server = await ArtifactServer.start(folder, image.cmd, (origin) => ({
      ...env,
      // The seal CA's OCSP and CRL addresses are the server's own, which openssl, pdfsig and the server reach.
      BASE_URL: origin,
      TSA_URL: authority.url,
      // The timestamp authority, the integrator's file host and webhook receiver listen on loopback, over plain HTTP.
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
      MIGRATIONS_RUN: 'false',
      // Every call of this suite and the server's own OCSP reads come from 127.0.0.1, one client to the rate limit.
      RATE_LIMIT_PER_MINUTE: '1000',
      // Asked for, but pino-pretty is a development dependency: JSON, and a line saying why.
      LOG_FORMAT: 'pretty',
    }));
    integrator = new IntegratorClient(server.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([authority?.close(), files?.close(), receiver?.close(), pdf?.close()]);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it('holds production dependencies only, and reports its health to the image’s HEALTHCHECK', async () => {
    expect(existsSync(join(folder, 'node_modules', 'jest'))).toBe(false);
    expect(existsSync(join(folder, 'node_modules', 'pino-pretty'))).toBe(false);
    expect(server.log()).toContain('pino-pretty is not installed: writing JSON');
    const [program, ...args] = image.healthcheck;
    expect(program).toBe('node');
    const port = new URL(server.baseUrl).port;
    await expect(run(process.execPath, args, { env: { ...env, PORT: port } })).resolves.toBeDefined();
  });

  it('holds the PKCS#11 binding built for its Node, for keys in an HSM', async () => {
    const loaded = await command('-e', "const { PKCS11 } = require('pkcs11js'); console.log(typeof new PKCS11().load)");
    expect(loaded.trim()).toBe('function');
  });

  it('identifies a person, releasing the claims asked for, encrypted to the app', async () => {
    const nin = sandbox.testPersons[0].nin;
    const claims = ['naming.name', 'bio.birthdate', 'address.city'];
    const flow = await integrator.start('same-device', { action: 'login', claims, payload: 'Log in to Acme' });
    expect((await integrator.simulate('approve', flow.id, { nin })).status).toBe(201);
    const done = await integrator.view(flow.id);
    expect(done.status).toBe('completed');
    await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual(recordOf(nin, claims));
  });

  it('signs a text, with a receipt that verifies against the published keys', async () => {
    const nin = sandbox.testPersons[1].nin;
    const payload = 'I agree to pay 12 500 ₦ for the lease of flat 7';
    const flow = await integrator.post('/api/v2/signing/different-device', {
      action: 'sign',
      nin,
      payload,
      webhook: { host: receiver.url, reference: 'signed-text' },
    });
    expect(flow.status).toBe(201);
    const id: string = flow.body.data.request.id;
    expect((await integrator.simulate('approve', id, { nin })).status).toBe(201);
    const done = await integrator.view(id);
    const jwks = (await server.http().get('/.well-known/jwks.json').expect(200)).body;
    await expect(verifySignature(done.signature, payload, jwks)).resolves.toMatchObject({ nin, flow: id });
  });

  it('completes a document for two signees named outside WinAnsi, stamped with both names and sealed at B-LTA', async () => {
    const people = sandbox.testPersons.slice(0, 2);
    const { request } = await startDocument(integrator, 'review', {
      signee: people.map(({ nin }, index) => ({
        name: SIGNEE_NAMES[index],
        nin,
        type: 'person',
        email: `signee${index}@example.com`,
        representing: '',
      })),
      file: { url: files.put('/lease.pdf', await makePdf(1, 'Lease of flat 7')), title: 'Lease of flat 7' },
      webhook: { host: receiver.url, reference: 'lease' },
    });
    for (const { nin } of people) {
      expect((await simulatedDocumentSigner(integrator, nin).sign(request.id)).status).toBe(201);
    }
    // The seal is made after the last signature's commit: the document shows completed once its copy is stored.
    const doc = await completedDocument(integrator, request.id);
    expect(doc.status).toBe('completed');
    sealed = (await downloadFile(server.http, doc.file.stamped)).body as Buffer;

    const text = (await pdf.pdftotext(sealed)).normalize('NFC');
    for (const name of SIGNEE_NAMES) expect(text).toContain(name.normalize('NFC'));
    // Each signature is reported too (document.signee.signed), before the document's end.
    const completed = () => receiver.hitsFor('lease').find((hit) => hit.json.type === 'document.completed');
    await eventually('the document.completed webhook', async () => completed() !== undefined, 15_000);
    const hit = completed() as ReceivedWebhook;
    expect(verifyWebhook(hit.body, hit.headers, sandbox.webhookSecret)).toMatchObject({
      type: 'document.completed',
    });
  });

  it('hands out a sealed copy that pdfsig trusts, with the timestamp authority’s document timestamp', async () => {
    const caPem = (await server.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    const report = await pdf.pdfsig(sealed, await pdf.trustStore(caPem, authority.caPem));
    const [seal, timestamp] = report.split(/Signature #\d+:/).slice(1);
    expect(seal).toContain('Signature Validation: Signature is Valid.');
    expect(seal).toContain('Certificate Validation: Certificate is Trusted.');
    expect(timestamp).toContain('Signer Certificate Common Name: Test timestamp authority');
  });

  it('verifies the sealed copy at /verify: the record and the B-LTA seal', async () => {
    const verified = await server.http().post('/verify').set('content-type', 'application/pdf').send(sealed);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      result: 'verified',
      reliedOn: ['record', 'seal'],
      seal: { valid: true, trusted: true },
      pades: { level: 'B-LTA' },
    });
  });

  it('serves the holder app: its page and the script the page loads', async () => {
    const page = await server.http().get('/app/').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const script = /<script[^>]+src="([^"]+)"/.exec(page.text)?.[1];
    expect(script).toMatch(/^\/app\/assets\//);
    const loaded = await server.http().get(script as string);
    expect(loaded.status).toBe(200);
    expect(loaded.headers['content-type']).toMatch(/javascript/);
  });

  it('publishes an OIDC discovery document whose keys answer', async () => {
    const discovery = await server.http().get('/oidc/.well-known/openid-configuration').expect(200);
    expect(discovery.body.issuer).toBe(`${server.baseUrl}/oidc`);
    const keys = await server.http().get(new URL(discovery.body.jwks_uri).pathname).expect(200);
    expect(keys.body.keys.length).toBeGreaterThan(0);
  });

  it('signs an EU wallet request object, and completes the flow with the sandbox PID', async () => {
    const created = await integrator.create('wallet', { action: 'login', claims: ['naming.given'], payload: 'Log in' });
    expect(created.status).toBe(201);
    const { request, presentation } = created.body.data;
    const fetched = await server.http().get(new URL(presentation.requestUri).pathname).expect(200);
    expect(fetched.headers['content-type']).toMatch(/^application\/oauth-authz-req\+jwt/);
    expect(decodeJwt(fetched.text)).toMatchObject({
      client_id: presentation.clientId,
      response_type: 'vp_token',
      response_uri: expect.stringMatching(new RegExp(`^${server.baseUrl}/`)),
    });
    const presented = await integrator.simulate('present', request.id, { nin: sandbox.testPersons[0].nin });
    expect(presented.body).toMatchObject({ data: { request: { status: 'completed' } } });
  });

  it('stops on SIGTERM, having logged no line at error level from start to stop', async () => {
    const ended = await server.stop();
    expect({ ended, errorLines: server.errorLines() }).toEqual({ ended: { code: 0, signal: null }, errorLines: [] });
  });
});
