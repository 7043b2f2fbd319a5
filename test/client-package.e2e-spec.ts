import type * as Client from '@idflow/client';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { untilCompleted } from './support/document-flows';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { PackedClient, readmeRecipe } from './support/packed-client';
import { WebhookReceiver } from './support/webhook-receiver';
import { bootstrapSandbox, credentials } from './support/sandbox-tenant';
import { TestApp, createTestApp } from './support/test-app';
import { describeDatabaseFree } from './support/database-free';

/** Builds, packs and installs the client, then runs what a user of the package would against the real service. */
describeDatabaseFree('the packed @idflow/client installed in a clean project', () => {
  let packed: PackedClient;
  let client: typeof Client;
  let t: TestApp;
  let basePath: string;
  let sandbox: SandboxBootstrap;
  let files: FileHost;

  beforeAll(async () => {
    packed = await PackedClient.install();
    client = packed.load<typeof Client>();
    // Every call of this suite comes from 127.0.0.1: the per-IP limit is not what it is about.
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    await t.app.listen(0, '127.0.0.1');
    basePath = await t.app.getUrl();
    sandbox = await bootstrapSandbox(t.app);
    files = await FileHost.start();
  }, 120_000);
  afterAll(async () => {
    await files?.close();
    await t?.close();
    await packed?.remove();
  });

  const approve = (flowId: string, nin?: string) =>
    t
      .http()
      .post(`/api/v2/sandbox/flows/${flowId}/approve`)
      .set(credentials(sandbox))
      .send(nin ? { nin } : {})
      .expect(201);

  const newClient = (options: Partial<Client.ClientOptions> = {}) =>
    new client.IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath, ...options });

  it('ships compiled JavaScript with declarations and README, and depends on jose alone', async () => {
    expect(packed.packedFiles).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(packed.packedFiles.filter((path) => !/^dist\/.+\.(js|d\.ts)$/.test(path)).sort()).toEqual([
      'README.md',
      'package.json',
    ]);
    expect(packed.packedFiles.some((path) => path.includes('.spec.'))).toBe(false);
    const manifest = await packed.installedManifest();
    expect(manifest).toMatchObject({ name: '@idflow/client', license: 'MIT', engines: { node: '>=20.19' } });
    expect(manifest.dependencies).toEqual({ jose: expect.stringMatching(/^\^6\./) });
    await expect(newClient().health.check()).resolves.toBe('OK');
    await expect(newClient().health.root()).resolves.toBe('idflow is running and may receive requests');
    await expect(newClient({ apiKey: 'bk-test_unknown' }).health.root()).rejects.toBeInstanceOf(client.IdflowError);
  });

  it("declares types that the service's real answers satisfy, without a field they leave undeclared", async () => {
    const api = newClient();
    const person = sandbox.testPersons[0].nin;
    const receiver = await WebhookReceiver.start();
    const webhook = { host: receiver.url, reference: 'types' };
    const pdf = files.put('/types.pdf', await makePdf(1, 'Types'));

    const identificationSame = await api.identification.sameDevice({
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in',
    });
    const pending = await api.flows.ping(identificationSame.request.id);
    await approve(identificationSame.request.id);
    const identified = await api.flows.ping(identificationSame.request.id);
    const identificationPushed = await api.identification.differentDevice({
      user: person,
      action: 'login',
      claims: ['contact.email'],
      payload: 'Log in',
    });
    const identificationWildcard = await api.identification.wildcard({
      action: 'signup',
      claims: ['naming.given'],
      payload: 'Sign up',
      seeds: 2,
    });
    const cancelled = await api.flows.cancel(identificationWildcard.request.id);
    const signingSame = await api.signing.sameDevice({ action: 'confirm', nin: person, payload: 'Confirm' });
    const signingPushed = await api.signing.differentDevice({ action: 'sign', nin: person, payload: 'Pay', webhook });
    await approve(signingPushed.request.id);
    const polled = await api.flows.poll(signingPushed.request.id);
    const streamed: unknown[] = [];
    for await (const state of api.flows.events(signingPushed.request.id)) streamed.push(state);
    const signingWildcard = await api.signing.wildcard({ action: 'confirm', payload: 'Confirm', seeds: 1 });
    const grant = await api.flows.authorize();
    const docSigning = await api.docs.signing({ to: [person], file: { url: pdf, title: 'Types' }, webhook });
    await approve(docSigning.request.id, person);
    const docRefreshed = await untilCompleted(() => api.docs.refresh(docSigning.request.id));
    const docPinged = await api.flows.ping(docSigning.request.id);
    const docReview = await api.docs.review({
      signee: [{ name: 'A Person', type: 'person', email: 'a@person.example', nin: person, representing: '' }],
      file: { url: pdf, title: 'Types' },
      webhook,
    });

    const answers: Array<[string, string, unknown]> = [
      ['identificationSame', 'SameDeviceCreated', identificationSame],
      ['identificationPushed', 'IdentificationPushed', identificationPushed],
      ['identificationWildcard', 'WildcardCreated', identificationWildcard],
      ['pending', 'FlowView', pending],
      ['identified', 'FlowView', identified],
      ['cancelled', 'FlowView', cancelled],
      ['signingSame', 'SameDeviceCreated', signingSame],
      ['signingPushed', 'SigningPushed', signingPushed],
      ['signingWildcard', 'WildcardCreated', signingWildcard],
      ['polled', 'FlowView', polled],
      ['streamed', 'FlowView[]', streamed],
      ['grant', 'AccessGrant', grant],
      ['docSigning', 'DocumentSigningCreated', docSigning],
      ['docRefreshed', 'IdflowDocument', docRefreshed],
      ['docPinged', 'IdflowDocument', docPinged],
      ['docReview', 'DocumentReviewCreated', docReview],
    ];
    // The answers that carry what each kind adds once it has ended: claims, the signing receipt, the stamped file.
    expect(identified).toMatchObject({ status: 'completed', claims: { naming: { name: expect.any(String) } } });
    expect(polled).toMatchObject({ status: 'completed', signature: expect.any(String) });
    expect(docRefreshed).toMatchObject({ status: 'completed', file: { stamped: expect.any(String) } });
    expect(streamed.length).toBeGreaterThan(0);

    const typeNames = [...new Set(answers.map(([, type]) => type.replace('[]', '')))].sort();
    const source = [
      `import type { ${typeNames.join(', ')} } from '@idflow/client';`,
      ...answers.map(([name, type, value]) => `export const ${name}: ${type} = ${JSON.stringify(value, null, 2)};`),
      // The control: were a field of an answer left out of the types, this is how the compiler would say so.
      '// @ts-expect-error a field the types do not declare',
      `export const control: FlowView = ${JSON.stringify({ ...identified, undeclared: true })};`,
    ].join('\n');
    await receiver.close();
    const result = await packed.typecheck('answers.ts', source);
    expect(result).toEqual({ ok: true, output: '' });
  }, 60_000);

  describe('the recipes of its README, run by Node', () => {
    const env = () => ({
      IDFLOW_URL: basePath,
      IDFLOW_KEY: sandbox.apiKey,
      IDFLOW_SECRET: sandbox.appSecret,
      IDFLOW_WEBHOOK_SECRET: sandbox.webhookSecret,
      APP_PRIVATE_KEY_FILE: join(packed.projectDir, 'app-private.pem'),
      NIN: sandbox.testPersons[1].nin,
    });

    beforeAll(() => writeFile(join(packed.projectDir, 'app-private.pem'), sandbox.privateKey));

    it('1. mobile login: same-device create, ping every 2 s, decrypted claims open the session', async () => {
      const script = await packed.script('mobile-login.mjs', await readmeRecipe('mobile-login'), env());
      try {
        const [, flowId] = await script.line(/^flow (req_\S+): open http\S+\/open\/\S+ on the phone$/);
        await approve(flowId);
        const lines = await script.succeeded();
        const person = sandbox.testPersons[0];
        expect(lines.at(-1)).toMatch(new RegExp(`^session for \\S+: ${person.name} <\\S+@\\S+>$`));
      } finally {
        script.kill();
      }
    }, 30_000);

    it('2. web cross-device sign: the page follows the stream, the signed webhook finalises the order', async () => {
      const script = await packed.script('cross-device-sign.mjs', await readmeRecipe('cross-device-sign'), env());
      try {
        const [, flowId] = await script.line(/^flow (req_\S+): check that your app shows \d{4}$/);
        await approve(flowId, sandbox.testPersons[1].nin);
        const lines = await script.succeeded();
        expect(lines).toContain('page shows completed');
        expect(lines.at(-1)).toMatch(new RegExp(`^order-1042 paid, signed by ${sandbox.testPersons[1].nin} at \\d+$`));
      } finally {
        script.kill();
      }
    }, 30_000);

    it('3. document review: signees sign on the hosted page, webhooks per signee, refresh gives the stamped file', async () => {
      const signees = sandbox.testPersons.slice(0, 2).map(({ name, nin }) => ({ name, nin }));
      const script = await packed.script('document-review.mjs', await readmeRecipe('document-review'), {
        ...env(),
        SIGNEES: JSON.stringify(signees),
        FILE_URL: files.put('/board-resolution-7.pdf', await makePdf(2, 'Board resolution 7')),
      });
      try {
        const [, flowId] = await script.line(/^flow (doc_\S+): send the signees to http\S+\/review\/doc_\S+$/);
        for (const { nin } of signees) await approve(flowId, nin);
        const lines = await script.succeeded();
        const nins = signees.map(({ nin }) => nin);
        expect(lines).toContain(`document completed: ${nins.map((nin) => `${nin} signed`).join(', ')}`);
        expect(lines).toEqual(
          expect.arrayContaining([expect.stringMatching(/^stamped file http\S+\.pdf, 2 signatures$/)]),
        );
        expect(lines.at(-1)).toBe(`webhooks for ${[...nins].sort().join(', ')}`);
      } finally {
        script.kill();
      }
    }, 30_000);

    it('4. legacy v1 identification: authorize, different-device create, held polling until complete', async () => {
      const script = await packed.script(
        'legacy-v1-identification.mjs',
        await readmeRecipe('legacy-v1-identification'),
        env(),
      );
      try {
        await script.line(/^token valid until \d{4}-\d\d-\d\dT/);
        const [, flowId] = await script.line(/^flow (req_\S+): approve in your app$/);
        await approve(flowId, sandbox.testPersons[1].nin);
        const lines = await script.succeeded();
        expect(lines.at(-1)).toBe(`logged in: ${sandbox.testPersons[1].name}`);
      } finally {
        script.kill();
      }
    }, 30_000);
  });
});
