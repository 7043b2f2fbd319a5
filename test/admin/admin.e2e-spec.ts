import { createPrivateKey, createPublicKey, generateKeyPairSync, randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CLAIM_KEYS } from '../../src/claims/claim-catalog';
import { Person } from '../../src/persons/person.entity';
import { PersonsService } from '../../src/persons/persons.service';
import { SCOPES } from '../../src/tenants/scopes';
import { sha256Hex } from '../../src/common/crypto/digest';
import { KeyUsageRecorder } from '../../src/tenants/key-usage.recorder';
import { TenantsService } from '../../src/tenants/tenants.service';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import { TestDevice } from '../support/test-device';

const publicPem = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

describe('admin API', () => {
  let t: TestApp;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);

  async function newConsumer(): Promise<string> {
    return (await admin().post('/admin/consumers').send({ name: 'Acme Bank' }).expect(201)).body.data.id;
  }

  async function newApp(scopes?: string[]): Promise<{ id: string; appSecret: string }> {
    const consumerId = await newConsumer();
    const response = await admin()
      .post('/admin/apps')
      .send({ consumerId, name: 'Acme Mobile', environment: 'sandbox', scopes });
    expect(response.status).toBe(201);
    return response.body.data;
  }

  async function newKey(appId: string): Promise<{ id: string; apiKey: string }> {
    return (await admin().post(`/admin/apps/${appId}/keys`).expect(201)).body.data;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it.each([
      ['no Authorization header', undefined, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
      ['another scheme', `Basic ${ADMIN_TOKEN}`, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
      ['a wrong token', `Bearer ${ADMIN_TOKEN}-wrong`, 'The admin token is not valid'],
    ])('refuses %s with 401', async (_, authorization, reason) => {
      const request = t.http().post('/admin/consumers').send({ name: 'Acme Bank' });
      const response = await (authorization ? request.set('authorization', authorization) : request).expect(401);
      expect(response.body).toEqual({ status: 'failed', reason, version: 'v2' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    });

    it('guards every admin route, reads included', async () => {
      await t.http().get('/admin/apps/app_x/keys').expect(401);
      await t.http().post('/admin/sandbox/bootstrap').expect(401);
      await t
        .http()
        .post('/admin/persons')
        .send({ nin: '20000000001', environment: 'sandbox', name: 'Ada' })
        .expect(401);
      await t.http().get('/admin/persons/sandbox/20000000001').expect(401);
      await t.http().post('/admin/persons/sandbox/20000000001/enrollment-codes').expect(401);
    });

    it('refuses every call while ADMIN_TOKEN is unset', async () => {
      const disabled = await createTestApp({ env: { ADMIN_TOKEN: '' } });
      try {
        const response = await disabled
          .http()
          .post('/admin/consumers')
          .set('authorization', `Bearer ${ADMIN_TOKEN}`)
          .send({ name: 'Acme Bank' })
          .expect(401);
        expect(response.body.reason).toBe('The admin API is disabled until ADMIN_TOKEN is set');
      } finally {
        await disabled.close();
      }
    });

    it('documents the bearer scheme on admin operations', async () => {
      const document = (await t.http().get('/docs-json').expect(200)).body;
      expect(document.paths['/admin/apps'].post.security).toEqual([{ admin: [] }]);
      expect(document.paths['/admin/apps'].post.responses).toHaveProperty('401');
    });
  });

  describe('POST /admin/consumers', () => {
    it('creates a consumer', async () => {
      const response = await admin().post('/admin/consumers').send({ name: 'Acme Bank' }).expect(201);
      expect(response.body).toEqual({
        status: 'successful',
        reason: 'Consumer created',
        version: 'v2',
        data: { id: expect.stringMatching(/^bcn_[0-9A-Za-z]{24}$/), name: 'Acme Bank', createdAt: expect.any(Number) },
      });
    });

    it('refuses a missing name and unknown fields', async () => {
      const response = await admin().post('/admin/consumers').send({ title: 'Acme' }).expect(400);
      expect(response.body.status).toBe('failed');
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: ['name'], code: 'invalid_type' }),
          expect.objectContaining({ path: ['title'], code: 'unrecognized_keys' }),
        ]),
      );
    });

    it('refuses a name with a NUL character, which PostgreSQL cannot store, and stores nothing', async () => {
      const consumers = () => t.app.get(DataSource).query('SELECT COUNT(*) AS count FROM consumers');
      const before = await consumers();
      const response = await admin().post('/admin/consumers').send({ name: 'Acme\u0000Bank' }).expect(400);
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          path: ['name'],
          code: 'invalid_string',
          message: 'name must not contain NUL characters',
        }),
      ]);
      await expect(consumers()).resolves.toEqual(before);
    });
  });

  describe('POST /admin/apps', () => {
    it('creates an app with default scopes and a generated key pair whose private half only the answer holds', async () => {
      const consumerId = await newConsumer();
      const response = await admin()
        .post('/admin/apps')
        .send({ consumerId, name: 'Acme Mobile', environment: 'production' })
        .expect(201);
      const app = response.body.data;
      expect(app).toEqual({
        appId: expect.stringMatching(/^app_[0-9A-Za-z]{24}$/),
        // The admin API's first spelling, kept for existing scripts.
        id: app.appId,
        consumerId,
        name: 'Acme Mobile',
        environment: 'production',
        scopes: expect.not.arrayContaining(['identification:another', 'claims:medical']),
        publicKey: expect.stringContaining('BEGIN PUBLIC KEY'),
        createdAt: expect.any(Number),
        secretRotatedAt: expect.any(Number),
        appSecret: expect.stringMatching(/^snb_[0-9A-Za-z]{40}$/),
        webhookSecret: expect.stringMatching(/^whsec_/),
        privateKey: expect.stringContaining('BEGIN PRIVATE KEY'),
        redirectUris: [],
        publicClient: false,
        idTokenSigningAlg: 'RS256',
        oidcProfile: 'basic',
        cibaDeliveryMode: 'off',
        cibaNotificationEndpoint: null,
        backchannelLogoutUri: null,
        jwksUri: null,
      });
      expect(app.scopes).toContain('identification:same');
      const derived = createPublicKey(createPrivateKey(app.privateKey)).export({ type: 'spki', format: 'pem' });
      expect(derived).toBe(app.publicKey);
      expect((await t.app.get(TenantsService).findApp(app.id)).publicKeyPem).toBe(app.publicKey);
      expect(JSON.stringify(response.body)).not.toMatch(/digest/i);
    });

    it('keeps a public key the operator brings, and returns no private key', async () => {
      const consumerId = await newConsumer();
      const publicKey = publicPem(2048);
      const response = await admin()
        .post('/admin/apps')
        .send({
          consumerId,
          name: 'Acme Web',
          environment: 'sandbox',
          scopes: ['signing:same', 'claims:medical'],
          publicKey,
        })
        .expect(201);
      expect(response.body.data).toMatchObject({ publicKey, scopes: ['signing:same', 'claims:medical'] });
      expect(response.body.data).not.toHaveProperty('privateKey');
    });

    it.each([
      [{ environment: 'staging' }, ['environment'], 'invalid_enum_value'],
      [{ scopes: ['signing:same', 'everything'] }, ['scopes'], 'invalid_enum_value'],
      [{ scopes: [] }, ['scopes'], 'too_small'],
      [{ consumerId: 'acme' }, ['consumerId'], 'invalid_string'],
      [{ name: '' }, ['name'], 'too_small'],
      [{ name: 'Acme\u0000Mobile' }, ['name'], 'invalid_string'],
      [{ publicKey: 'not a key' }, ['publicKey'], 'invalid_string'],
    ])('refuses %p with 400', async (change, path, code) => {
      const consumerId = await newConsumer();
      const body = { consumerId, name: 'Acme Mobile', environment: 'sandbox', ...change };
      const response = await admin().post('/admin/apps').send(body).expect(400);
      expect(response.body).toMatchObject({ status: 'failed', reason: 'Validation failed' });
      expect(response.body.errors).toEqual([expect.objectContaining({ path, code })]);
    });

    it('refuses an RSA key below 2048 bits', async () => {
      const consumerId = await newConsumer();
      const body = { consumerId, name: 'Acme', environment: 'sandbox', publicKey: publicPem(1024) };
      const response = await admin().post('/admin/apps').send(body).expect(400);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ path: ['publicKey'], message: expect.stringMatching(/2048/) }),
      ]);
    });

    it('answers 404 for an unknown consumer', async () => {
      const body = { consumerId: 'bcn_000000000000000000000000', name: 'Acme', environment: 'sandbox' };
      const response = await admin().post('/admin/apps').send(body).expect(404);
      expect(response.body).toEqual({
        status: 'failed',
        reason: 'Consumer bcn_000000000000000000000000 does not exist',
        version: 'v2',
      });
    });
  });

  describe('API keys', () => {
    it('creates a key that works on the health check, lists it without secrets, and revokes it', async () => {
      const app = await newApp();
      const created = await admin().post(`/admin/apps/${app.id}/keys`).expect(201);
      expect(created.body).toMatchObject({ status: 'successful', reason: 'API key created' });
      const key = created.body.data;
      expect(key).toEqual({
        id: expect.stringMatching(/^key_/),
        appId: app.id,
        environment: 'sandbox',
        hint: `bk-test_...${key.apiKey.slice(-4)}`,
        createdAt: expect.any(Number),
        revokedAt: null,
        lastUsedAt: null,
        apiKey: expect.stringMatching(/^bk-test_[0-9A-Za-z]{40}$/),
      });
      await t.http().get('/api/health/check').set('x-api-key', key.apiKey).expect(200);

      const listed = await admin().get(`/admin/apps/${app.id}/keys`).expect(200);
      // Its use is written once a minute: that pass may or may not have come (the lists test below makes it come).
      const { lastUsedAt } = listed.body.data.keys[0];
      expect(listed.body.data.keys).toEqual([{ ...key, apiKey: undefined, lastUsedAt }]);
      expect(JSON.stringify(listed.body)).not.toContain(key.apiKey);
      expect(JSON.stringify(listed.body)).not.toMatch(/digest/i);

      const revoked = await admin().post(`/admin/keys/${key.id}/revoke`).expect(201);
      expect(revoked.body).toMatchObject({
        reason: 'API key revoked',
        data: { id: key.id, revokedAt: expect.any(Number) },
      });
      const refused = await t.http().get('/api/health/check').set('x-api-key', key.apiKey).expect(401);
      expect(refused.body.reason).toBe('The x-api-key has been revoked');

      const again = await admin().post(`/admin/keys/${key.id}/revoke`).expect(201);
      expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);
      const after = await admin().get(`/admin/apps/${app.id}/keys`).expect(200);
      expect(after.body.data.keys).toEqual([revoked.body.data]);
    });

    it('revokes by id only, never by the key in the path', async () => {
      const { apiKey } = await newKey((await newApp()).id);
      const response = await admin().post(`/admin/keys/${apiKey}/revoke`).expect(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ path: ['keyId'], code: 'invalid_string' })]);
      await t.http().get('/api/health/check').set('x-api-key', apiKey).expect(200);
    });

    it('answers 404 for unknown apps and keys, and 400 for malformed app ids', async () => {
      await admin().post('/admin/apps/app_000000000000000000000000/keys').expect(404);
      await admin().get('/admin/apps/app_000000000000000000000000/keys').expect(404);
      const unknownKey = await admin().post('/admin/keys/key_000000000000000000000000/revoke').expect(404);
      expect(unknownKey.body.reason).toBe('API key does not exist');
      const malformed = await admin().get('/admin/apps/acme/keys').expect(400);
      expect(malformed.body.errors).toEqual([expect.objectContaining({ path: ['appId'] })]);
    });
  });

  describe('lists of consumers, apps and keys', () => {
    it('name ids, names, environments, scopes, creation and last use, and never a secret nor a digest', async () => {
      const consumer = (await admin().post('/admin/consumers').send({ name: 'Acme Bank' }).expect(201)).body.data;
      const created = (
        await admin()
          .post('/admin/apps')
          .send({
            consumerId: consumer.id,
            name: 'Listed app',
            environment: 'sandbox',
            scopes: ['signing:same'],
          })
          .expect(201)
      ).body.data;
      const unused = await newKey(created.appId);
      const used = await newKey(created.appId);
      const before = Math.floor(Date.now() / 1000);
      await t.http().get('/api/health/check').set('x-api-key', used.apiKey).expect(200);
      await t.app.get(KeyUsageRecorder).write();

      const consumers = await admin().get('/admin/consumers').expect(200);
      expect(consumers.body.data.consumers).toContainEqual({
        id: created.consumerId,
        name: 'Acme Bank',
        // The consumer's own time: under load its creation and the app's may fall in different seconds.
        createdAt: consumer.createdAt,
        lastUsedAt: expect.any(Number),
      });
      const apps = await admin().get('/admin/apps').query({ consumerId: created.consumerId }).expect(200);
      expect(apps.body.data.apps).toEqual([
        {
          appId: created.appId,
          consumerId: created.consumerId,
          name: 'Listed app',
          environment: 'sandbox',
          scopes: ['signing:same'],
          createdAt: created.createdAt,
          lastUsedAt: expect.any(Number),
        },
      ]);
      expect(apps.body.data.apps[0].lastUsedAt).toBeGreaterThanOrEqual(before);
      const everyApp = await admin().get('/admin/apps').expect(200);
      expect(everyApp.body.data.apps.map((app: { appId: string }) => app.appId)).toContain(created.appId);
      const keys = await admin().get(`/admin/apps/${created.appId}/keys`).expect(200);
      expect(
        keys.body.data.keys.map((key: { id: string; lastUsedAt: number | null }) => [key.id, key.lastUsedAt]),
      ).toEqual([
        [unused.id, null],
        [used.id, apps.body.data.apps[0].lastUsedAt],
      ]);

      const digests = [used.apiKey, unused.apiKey, created.appSecret].map((secret) => sha256Hex(secret));
      for (const answer of [consumers, apps, everyApp, keys]) {
        const text = JSON.stringify(answer.body);
        for (const secret of [used.apiKey, unused.apiKey, created.appSecret, created.webhookSecret, ...digests])
          expect(text).not.toContain(secret);
        expect(text).not.toMatch(/digest|secret|PRIVATE KEY/i);
      }
    });

    it('refuses a malformed consumer id, and says when none has it', async () => {
      const malformed = await admin().get('/admin/apps').query({ consumerId: 'acme' }).expect(400);
      expect(malformed.body.errors[0].path).toEqual(['consumerId']);
      const unknown = await admin().get('/admin/apps').query({ consumerId: 'bcn_000000000000000000000000' });
      expect(unknown.status).toBe(404);
    });
  });

  describe('POST /admin/apps/:appId/rotate-secret', () => {
    it('issues a new secret and the old one stops working at once', async () => {
      const app = await newApp();
      const { apiKey } = await newKey(app.id);
      const authorize = (secret: string) =>
        t.http().get('/api/v1/flow/authorize').set('x-api-key', apiKey).set('x-access-secret', secret);
      await authorize(app.appSecret).expect(200);

      const response = await admin().post(`/admin/apps/${app.id}/rotate-secret`).expect(201);
      expect(response.body).toMatchObject({ reason: 'App secret rotated', data: { appId: app.id, id: app.id } });
      const { appSecret } = response.body.data;
      expect(appSecret).toMatch(/^snb_[0-9A-Za-z]{40}$/);
      expect(appSecret).not.toBe(app.appSecret);
      expect(response.body.data).not.toHaveProperty('webhookSecret');

      const refused = await authorize(app.appSecret).expect(401);
      expect(refused.body.reason).toBe('The x-access-secret does not match the app of the x-api-key');
      await authorize(appSecret).expect(200);
    });

    it('ends the access tokens the old secret obtained', async () => {
      const app = await newApp();
      const { apiKey } = await newKey(app.id);
      const grant = await t
        .http()
        .get('/api/v1/flow/authorize')
        .set('x-api-key', apiKey)
        .set('x-access-secret', app.appSecret)
        .expect(200);
      // A key + token route: with a good token the empty body reaches validation (400); with a bad one, 401.
      const createWith = (token: string) =>
        t.http().post('/api/v1/flow/ping').set('x-api-key', apiKey).set('x-access-token', token).send({});
      await createWith(grant.body.data.token).expect(400);

      await admin().post(`/admin/apps/${app.id}/rotate-secret`).expect(201);
      const refused = await createWith(grant.body.data.token).expect(401);
      expect(refused.body.reason).toBe('The x-access-token is not valid for the app of the x-api-key');
    });

    it('answers 404 for an unknown app and 400 for a malformed id', async () => {
      await admin().post('/admin/apps/app_000000000000000000000000/rotate-secret').expect(404);
      await admin().post('/admin/apps/bcn_000000000000000000000000/rotate-secret').expect(400);
    });
  });

  describe('POST /admin/sandbox/bootstrap', () => {
    it('gives a new sandbox app with every scope each time, over one shared set of test persons', async () => {
      const first = (await admin().post('/admin/sandbox/bootstrap').expect(201)).body;
      const second = (await admin().post('/admin/sandbox/bootstrap').expect(201)).body;
      expect(first).toMatchObject({ status: 'successful', reason: 'Sandbox ready', version: 'v2' });
      const result = first.data;
      expect(Object.keys(result).sort()).toEqual(
        [
          'apiKey',
          'appId',
          'appSecret',
          'consumerId',
          'ninWithoutDigitalId',
          'privateKey',
          'testPersons',
          'webhookSecret',
        ].sort(),
      );
      expect(result.apiKey).toMatch(/^bk-test_/);
      expect(result.testPersons.length).toBeGreaterThanOrEqual(3);
      for (const person of result.testPersons)
        expect(person).toEqual({ nin: expect.stringMatching(/^\d{11}$/), name: expect.any(String) });
      expect(result.ninWithoutDigitalId).toMatch(/^\d{11}$/);

      expect(second.data.appId).not.toBe(result.appId);
      expect(second.data.consumerId).not.toBe(result.consumerId);
      expect(second.data.apiKey).not.toBe(result.apiKey);
      expect(second.data.testPersons).toEqual(result.testPersons);
      const nins = [...result.testPersons.map((person: { nin: string }) => person.nin), result.ninWithoutDigitalId];
      const persons = await t.app.get(DataSource).getRepository(Person).findBy({ environment: 'sandbox' });
      expect(persons.map((person) => person.nin).sort()).toEqual(nins.sort());
      expect(persons.every((person) => person.synthetic)).toBe(true);

      const app = await t.app.get(TenantsService).findApp(result.appId);
      expect([...app.scopes].sort()).toEqual([...SCOPES].sort());
      // Stored sealed: the database alone does not give the webhook secret away.
      expect(app.webhookSecret).not.toContain(result.webhookSecret);
      expect(t.app.get(TenantsService).webhookSecretOf(app)).toBe(result.webhookSecret);
      expect(createPublicKey(createPrivateKey(result.privateKey)).export({ type: 'spki', format: 'pem' })).toBe(
        app.publicKeyPem,
      );
      await t
        .http()
        .get('/api/v1/flow/authorize')
        .set('x-api-key', result.apiKey)
        .set('x-access-secret', result.appSecret)
        .expect(200);
    });
  });

  describe('persons and enrollment codes', () => {
    // Production persons, so the sandbox stays exactly as sandbox:bootstrap seeds it for the test above.
    const newNin = () => `2${randomInt(10 ** 9, 10 ** 10)}`;
    const newPerson = (body: object) =>
      admin()
        .post('/admin/persons')
        .send({ environment: 'production', ...body });

    it('creates a person, storing claim keys in the catalog spelling and answering the keys, never the values', async () => {
      const nin = newNin();
      const claims = {
        Naming: { NAME: 'Ngozi Chimamanda Adichie', given: 'Chimamanda' },
        contact: { email: 'ngozi@example.com', emailverified: true },
        financial: { bvnLevel: 2 },
        nationality: { nationalities: ['NG', 'GH'] },
      };
      const response = await newPerson({ nin, name: 'Ngozi Adichie', claims }).expect(201);
      expect(response.body).toEqual({
        status: 'successful',
        reason: 'Person created',
        version: 'v2',
        data: {
          person: {
            nin,
            environment: 'production',
            name: 'Ngozi Adichie',
            claims: [
              'contact.email',
              'contact.emailVerified',
              'naming.given',
              'naming.name',
              'nationality.nationalities',
              'financial.bvnLevel',
            ],
            hasDigitalId: false,
          },
        },
      });
      expect(JSON.stringify(response.body)).not.toMatch(/Chimamanda|ngozi@example|"GH"/);
      const stored = await t.app.get(PersonsService).find('production', nin);
      expect(stored).toMatchObject({
        displayName: 'Ngozi Adichie',
        synthetic: false,
        claims: {
          naming: { name: 'Ngozi Chimamanda Adichie', given: 'Chimamanda' },
          contact: { email: 'ngozi@example.com', emailVerified: true },
          financial: { bvnLevel: 2 },
          nationality: { nationalities: ['NG', 'GH'] },
        },
      });

      const withoutClaims = await newPerson({ nin: `${newNin()}-X`, name: 'Ada' }).expect(201);
      expect(withoutClaims.body.data.person).toMatchObject({ claims: [], hasDigitalId: false });
    });

    it.each([
      [{ nin: '2000000001' }, ['nin'], 'too_small'],
      [{ nin: '2000000000_1' }, ['nin'], 'invalid_string'],
      [{ environment: 'staging' }, ['environment'], 'invalid_enum_value'],
      [{ name: '' }, ['name'], 'too_small'],
      [{ name: 'Ngozi\u0000Adichie' }, ['name'], 'invalid_string'],
      [{ claims: { naming: { nmae: 'Ngozi Adichie' } } }, ['claims', 'naming', 'nmae'], 'unrecognized_keys'],
      [{ claims: { nmaing: { name: 'Ngozi Adichie' } } }, ['claims', 'nmaing'], 'unrecognized_keys'],
      [
        { claims: { naming: { name: { full: 'Ngozi Adichie', rank: 1 } } } },
        ['claims', 'naming', 'name'],
        'invalid_type',
      ],
      [{ claims: ['naming.name'] }, ['claims'], 'invalid_type'],
    ])('refuses %j with 400 and one issue at its path, adding nobody', async (change, path, code) => {
      const nin = newNin();
      const response = await newPerson({ nin, name: 'Ngozi Adichie', ...change }).expect(400);
      expect(response.body).toMatchObject({ status: 'failed', reason: 'Validation failed' });
      expect(response.body.errors).toEqual([expect.objectContaining({ path, code })]);
      expect(JSON.stringify(response.body.errors)).not.toContain('Ngozi Adichie');
      await expect(t.app.get(PersonsService).find('production', nin)).resolves.toBeNull();
    });

    it('answers 409 for a NIN already known in that environment and keeps the first record', async () => {
      const nin = newNin();
      await newPerson({ nin, name: 'First', claims: { naming: { name: 'First' } } }).expect(201);
      const again = await newPerson({ nin, name: 'Second', claims: { naming: { name: 'Second' } } }).expect(409);
      expect(again.body).toEqual({
        status: 'failed',
        reason: `A person with NIN ${nin} already exists in production`,
        version: 'v2',
      });
      const stored = await t.app.get(PersonsService).find('production', nin);
      expect(stored).toMatchObject({ displayName: 'First', claims: { naming: { name: 'First' } } });
      // The same NIN is another person in the other environment.
      await admin().get(`/admin/persons/sandbox/${nin}`).expect(404);
    });

    it('answers 404 for an unknown person and 400 for a malformed environment or NIN in the path', async () => {
      const nin = newNin();
      const code = await admin().post(`/admin/persons/production/${nin}/enrollment-codes`).expect(404);
      expect(code.body).toEqual({ status: 'failed', reason: `No person has NIN ${nin} in production`, version: 'v2' });
      await admin().get(`/admin/persons/production/${nin}`).expect(404);
      const environment = await admin().get(`/admin/persons/staging/${nin}`).expect(400);
      expect(environment.body.errors).toEqual([expect.objectContaining({ path: ['environment'] })]);
      const malformed = await admin().post('/admin/persons/production/1234/enrollment-codes').expect(400);
      expect(malformed.body.errors).toEqual([expect.objectContaining({ path: ['nin'], code: 'too_small' })]);
    });

    it('issues an enrollment code that really enrolls a device, which the person then lists without its key', async () => {
      const nin = newNin();
      await newPerson({ nin, name: 'Chinedu Eze' }).expect(201);
      const before = await admin().get(`/admin/persons/production/${nin}`).expect(200);
      expect(before.body).toMatchObject({ reason: 'Person', data: { person: { hasDigitalId: false }, devices: [] } });

      const issued = await admin().post(`/admin/persons/production/${nin}/enrollment-codes`).expect(201);
      expect(issued.body).toMatchObject({ status: 'successful', reason: 'Enrollment code issued' });
      const now = Math.floor(Date.now() / 1000);
      expect(issued.body.data).toEqual({
        code: expect.stringMatching(/^[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}$/),
        nin,
        environment: 'production',
        expiresAt: expect.any(Number),
      });
      expect(issued.body.data.expiresAt).toBeGreaterThan(now + 86_000);

      const device = await TestDevice.create();
      await device.enroll(t.http, issued.body.data.code);
      const after = await admin().get(`/admin/persons/production/${nin}`).expect(200);
      expect(after.body.data).toEqual({
        person: { nin, environment: 'production', name: 'Chinedu Eze', claims: [], hasDigitalId: true },
        devices: [
          {
            id: device.id,
            alg: 'ES256',
            label: 'Test phone',
            createdAt: expect.any(Number),
            revokedAt: null,
            virtual: false,
          },
        ],
      });
      expect(JSON.stringify(after.body)).not.toContain(device.publicJwk.x as string);
    });

    it("lists a person's devices, revoked ones included, and a revoked device is refused at its next request", async () => {
      const nin = newNin();
      await newPerson({ nin, name: 'Amaka Obi' }).expect(201);
      const enroll = async () => {
        const issued = await admin().post(`/admin/persons/production/${nin}/enrollment-codes`).expect(201);
        const device = await TestDevice.create();
        await device.enroll(t.http, issued.body.data.code);
        return device;
      };
      const [kept, lost] = [await enroll(), await enroll()];
      await lost.get(t.http, '/wallet/v1/inbox').then(({ status }) => expect(status).toBe(200));

      const revoked = await admin().post(`/admin/devices/${lost.id}/revoke`).expect(201);
      expect(revoked.body).toMatchObject({ status: 'successful', reason: 'Device revoked' });
      const revokedAt = revoked.body.data.revokedAt;
      expect(revokedAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
      const refused = await lost.get(t.http, '/wallet/v1/inbox');
      expect(refused.status).toBe(401);
      expect(refused.body.reason).toBe('Device proof rejected: unknown or revoked device');
      await kept.get(t.http, '/wallet/v1/inbox').then(({ status }) => expect(status).toBe(200));

      const again = await admin().post(`/admin/devices/${lost.id}/revoke`).expect(201);
      expect(again.body.data.revokedAt).toBe(revokedAt);
      const listed = await admin().get(`/admin/persons/production/${nin}/devices`).expect(200);
      const view = (device: TestDevice, revokedAtSeen: number | null) => ({
        id: device.id,
        alg: 'ES256',
        label: 'Test phone',
        createdAt: expect.any(Number),
        revokedAt: revokedAtSeen,
        virtual: false,
      });
      expect(listed.body).toEqual({
        status: 'successful',
        reason: 'Devices',
        version: 'v2',
        data: { devices: [view(kept, null), view(lost, revokedAt)] },
      });
      expect(JSON.stringify(listed.body)).not.toContain(lost.publicJwk.x as string);
      const person = await admin().get(`/admin/persons/production/${nin}`).expect(200);
      expect(person.body.data.devices).toEqual([view(kept, null)]);
    });

    it('answers 404 for an unknown device or person and 400 for a malformed device id', async () => {
      const unknown = await admin().post('/admin/devices/dev_000000000000000000000000/revoke').expect(404);
      expect(unknown.body).toEqual({ status: 'failed', reason: 'No device has this id', version: 'v2' });
      const malformed = await admin().post('/admin/devices/key_123/revoke').expect(400);
      expect(malformed.body.errors).toEqual([expect.objectContaining({ path: ['deviceId'] })]);
      await admin().get(`/admin/persons/production/${newNin()}/devices`).expect(404);
      await t.http().get('/admin/persons/production/20000000001/devices').expect(401);
      await t.http().post('/admin/devices/dev_000000000000000000000000/revoke').expect(401);
    });

    it("shows a sandbox test person's claim keys and virtual device, never the values or the device's keys", async () => {
      await bootstrapSandbox(t.app);
      const response = await admin().get('/admin/persons/sandbox/10000000001').expect(200);
      expect(response.body.data).toEqual({
        person: {
          nin: '10000000001',
          environment: 'sandbox',
          name: 'Adaeze Okonkwo',
          claims: CLAIM_KEYS,
          hasDigitalId: true,
        },
        devices: [
          {
            id: 'dev_sandbox_10000000001',
            alg: 'EdDSA',
            label: 'Sandbox virtual device',
            createdAt: expect.any(Number),
            revokedAt: null,
            virtual: true,
          },
        ],
      });
      expect(JSON.stringify(response.body)).not.toMatch(/adaeze\.okonkwo@|1991-04-12|jwk/i);
    });
  });
});
