import { runCli } from '../support/operator-cli';
import { TestTenant, createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

/** Each CLI run is a process of its own that compiles and boots the app: slow on a busy machine. */
const CLI_RUN_TIMEOUT_MS = 60_000;

describe('apps as OpenID clients: redirect URIs and ID token algorithms through the admin API and the CLI', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  // An empty PATCH changes nothing and answers the app as it is.
  const redirectUrisOf = async () =>
    (await admin().patch(`/admin/apps/${tenant.appId}`).send({}).expect(200)).body.data.redirectUris as string[];

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('replaces the list and the public-client flag with PATCH /admin/apps/:appId', async () => {
    const uris = ['https://shop.example/callback', 'http://localhost:3000/cb', 'http://127.0.0.1:8080/cb'];
    const response = await admin().patch(`/admin/apps/${tenant.appId}`).send({ redirectUris: uris }).expect(200);
    expect(response.body.data).toMatchObject({ id: tenant.appId, redirectUris: uris, publicClient: false });
    await admin()
      .patch(`/admin/apps/${tenant.appId}`)
      .send({ redirectUris: ['https://shop.example/other'], publicClient: true })
      .expect(200);
    await expect(redirectUrisOf()).resolves.toEqual(['https://shop.example/other']);
  });

  it.each([
    ['plain http to a host', ['http://shop.example/cb'], ['redirectUris', 0], 'must use https'],
    ['a fragment', ['https://shop.example/cb#top'], ['redirectUris', 0], 'must not have a fragment'],
    ['no absolute URL', ['https://shop.example/cb', '/cb'], ['redirectUris', 1], 'is not an absolute URL'],
    ['another scheme', ['javascript:alert(1)'], ['redirectUris', 0], 'must use https'],
    [
      'more than 20',
      Array.from({ length: 21 }, (_, i) => `https://shop.example/cb${i}`),
      ['redirectUris'],
      'at most 20',
    ],
  ])('refuses %s with a 400 naming the entry, and keeps the list', async (_case, uris, path, message) => {
    const before = await redirectUrisOf();
    const response = await admin().patch(`/admin/apps/${tenant.appId}`).send({ redirectUris: uris }).expect(400);
    expect(response.body.status).toBe('failed');
    expect(response.body.errors).toEqual([
      expect.objectContaining({ path, message: expect.stringContaining(message) }),
    ]);
    await expect(redirectUrisOf()).resolves.toEqual(before);
  });

  it('refuses a list that is not of strings, and an unknown app', async () => {
    await admin().patch(`/admin/apps/${tenant.appId}`).send({ redirectUris: 'https://shop.example/cb' }).expect(400);
    await admin()
      .patch(`/admin/apps/${tenant.appId}`)
      .send({ redirectUris: [7] })
      .expect(400);
    await admin().patch('/admin/apps/app_unknown000000000000000').send({ redirectUris: [] }).expect(404);
  });

  it('sets the ID token signing algorithm with PATCH, and refuses one it does not offer, naming those it does', async () => {
    const algOf = async () =>
      (await admin().patch(`/admin/apps/${tenant.appId}`).send({}).expect(200)).body.data.idTokenSigningAlg as string;
    await expect(algOf()).resolves.toBe('RS256');
    const response = await admin()
      .patch(`/admin/apps/${tenant.appId}`)
      .send({ idTokenSigningAlg: 'ES256' })
      .expect(200);
    expect(response.body.data).toMatchObject({ id: tenant.appId, idTokenSigningAlg: 'ES256' });

    for (const refused of ['HS256', 'none', 'es256', 7]) {
      const answer = await admin()
        .patch(`/admin/apps/${tenant.appId}`)
        .send({ idTokenSigningAlg: refused })
        .expect(400);
      expect(answer.body.errors).toEqual([
        {
          code: 'invalid_enum_value',
          path: ['idTokenSigningAlg'],
          message: 'idTokenSigningAlg must be one of RS256, ES256, EdDSA',
        },
      ]);
    }
    await expect(algOf()).resolves.toBe('ES256');
  });

  it('opts an app in to CIBA with PATCH, and refuses settings that do not hold together', async () => {
    const patch = (body: object) => admin().patch(`/admin/apps/${tenant.appId}`).send(body);
    // An earlier test left the app a public client, which CIBA refuses first.
    expect((await patch({ publicClient: false }).expect(200)).body.data).toMatchObject({
      cibaDeliveryMode: 'off',
      cibaNotificationEndpoint: null,
    });
    const refusals: Array<[object, string]> = [
      [{ cibaDeliveryMode: 'push' }, 'cibaDeliveryMode must be one of off, poll, ping'],
      [{ cibaDeliveryMode: 'ping' }, 'cibaDeliveryMode ping needs a cibaNotificationEndpoint'],
      [
        { cibaDeliveryMode: 'ping', cibaNotificationEndpoint: 'http://bank.example/ciba' },
        'http://bank.example/ciba must use https',
      ],
      [{ cibaDeliveryMode: 'poll', publicClient: true }, 'A public client cannot use CIBA'],
    ];
    for (const [body, message] of refusals) {
      expect((await patch(body).expect(400)).body.errors).toEqual([expect.objectContaining({ message })]);
    }
    const ping = await patch({ cibaDeliveryMode: 'ping', cibaNotificationEndpoint: 'https://bank.example/ciba' });
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({
      cibaDeliveryMode: 'ping',
      cibaNotificationEndpoint: 'https://bank.example/ciba',
    });
    const off = await patch({ cibaDeliveryMode: 'off', cibaNotificationEndpoint: null }).expect(200);
    expect(off.body.data).toMatchObject({ cibaDeliveryMode: 'off', cibaNotificationEndpoint: null });
  });

  it('puts an app on the fapi2 profile with PATCH, never a public client, and back on basic', async () => {
    const patch = (body: object) => admin().patch(`/admin/apps/${tenant.appId}`).send(body);
    expect((await patch({ publicClient: false }).expect(200)).body.data.oidcProfile).toBe('basic');
    expect((await patch({ oidcProfile: 'fapi1' }).expect(400)).body.errors).toEqual([
      expect.objectContaining({ path: ['oidcProfile'], message: 'oidcProfile must be one of basic, fapi2' }),
    ]);
    expect((await patch({ oidcProfile: 'fapi2', publicClient: true }).expect(400)).body.errors).toEqual([
      expect.objectContaining({ message: 'A public client cannot use the fapi2 profile' }),
    ]);
    expect((await patch({ oidcProfile: 'fapi2' }).expect(200)).body.data.oidcProfile).toBe('fapi2');
    expect((await patch({ oidcProfile: 'basic' }).expect(200)).body.data.oidcProfile).toBe('basic');
  });

  it(
    'sets the profile and CIBA delivery with app:update --oidc-profile, --ciba and --ciba-notification-endpoint',
    async () => {
      await admin().patch(`/admin/apps/${tenant.appId}`).send({ publicClient: false }).expect(200);
      const set = await runCli(t.config, [
        'app:update',
        '--app',
        tenant.appId,
        '--oidc-profile',
        'fapi2',
        '--ciba',
        'ping',
        '--ciba-notification-endpoint',
        'https://bank.example/ciba',
      ]);
      expect(set.stderr).toBe('');
      expect(set.stdout).toMatch(/profile: +fapi2/);
      expect(set.stdout).toMatch(/CIBA: +ping/);
      expect((await admin().patch(`/admin/apps/${tenant.appId}`).send({}).expect(200)).body.data).toMatchObject({
        oidcProfile: 'fapi2',
        cibaDeliveryMode: 'ping',
        cibaNotificationEndpoint: 'https://bank.example/ciba',
      });
      await admin()
        .patch(`/admin/apps/${tenant.appId}`)
        .send({ oidcProfile: 'basic', cibaDeliveryMode: 'off', cibaNotificationEndpoint: null })
        .expect(200);
    },
    CLI_RUN_TIMEOUT_MS,
  );

  it(
    'sets the ID token signing algorithm with app:update --id-token-signing-alg, and names the choices on a bad one',
    async () => {
      const set = await runCli(t.config, ['app:update', '--app', tenant.appId, '--id-token-signing-alg', 'EdDSA']);
      expect(set.stderr).toBe('');
      expect(set.stdout).toMatch(/ID token signing: +EdDSA/);

      const refused = await runCli(t.config, ['app:update', '--app', tenant.appId, '--id-token-signing-alg', 'HS256']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("argument 'HS256' is invalid. Allowed choices are RS256, ES256, EdDSA");
      expect((await admin().patch(`/admin/apps/${tenant.appId}`).send({}).expect(200)).body.data).toMatchObject({
        idTokenSigningAlg: 'EdDSA',
      });
    },
    2 * CLI_RUN_TIMEOUT_MS,
  );

  it(
    'sets the list with app:update --redirect-uri, repeated, and says clearly what is wrong',
    async () => {
      const set = await runCli(t.config, [
        'app:update',
        '--app',
        tenant.appId,
        '--redirect-uri',
        'https://shop.example/a',
        '--redirect-uri',
        'https://shop.example/b',
        '--json',
      ]);
      expect(set.stderr).toBe('');
      expect(JSON.parse(set.stdout)).toMatchObject({
        redirectUris: ['https://shop.example/a', 'https://shop.example/b'],
      });

      const refused = await runCli(t.config, [
        'app:update',
        '--app',
        tenant.appId,
        '--redirect-uri',
        'http://shop.example/a',
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('http://shop.example/a must use https');
      await expect(redirectUrisOf()).resolves.toEqual(['https://shop.example/a', 'https://shop.example/b']);
    },
    2 * CLI_RUN_TIMEOUT_MS,
  );
});
