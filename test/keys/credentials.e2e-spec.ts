import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { credentialNeed } from '../../src/auth/auth-options.reader';
import { CREDENTIAL_HEADERS, Credential } from '../../src/auth/credential';
import { ROUTE_CREDENTIALS } from '../../src/auth/route-credentials';
import { newId } from '../../src/common/ids/random-id';
import { ServiceKeyService } from '../../src/service-key/service-key.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import {
  CREDENTIAL_PROBES,
  CredentialProbe,
  CredentialProbeController,
  SCOPED_PROBES,
  TABLE_PROBES,
} from '../support/credential-probe.controller';
import { TestApp, createTestApp } from '../support/test-app';
import { TestTenant, createTenant } from '../support/tenant-factory';

type Credentials = Partial<Record<Credential, string>>;

const ALL_CREDENTIALS = Object.keys(CREDENTIAL_HEADERS) as Credential[];
const required = (probe: CredentialProbe) =>
  ALL_CREDENTIALS.filter((c) => credentialNeed(probe.options, c) === 'required');
const optional = (probe: CredentialProbe) =>
  ALL_CREDENTIALS.filter((c) => credentialNeed(probe.options, c) === 'optional');
const uses = (probe: CredentialProbe, credential: Credential) => credentialNeed(probe.options, credential) !== 'unused';

/** Well-formed values that belong to nobody. */
const UNKNOWN: Record<Credential, string> = {
  key: newId.apiKey('sandbox'),
  secret: newId.appSecret(),
  token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJiY25fbm9ib2R5In0.bm90LWEtc2lnbmF0dXJl',
};

const swapEnvironmentPrefix = (apiKey: string) =>
  apiKey.startsWith('bk-test_') ? `bk-live_${apiKey.slice(8)}` : `bk-test_${apiKey.slice(8)}`;

describe('credentials (spec sections 4.4 and 5)', () => {
  let t: TestApp;
  /** Consumer A's sandbox app: the caller of every matrix test. */
  let own: TestTenant;
  /** Consumer A's production app. */
  let ownLive: TestTenant;
  /** Consumer B's sandbox app. */
  let foreign: TestTenant;
  /** A fourth app whose only key is revoked once its token was obtained. */
  let revoked: TestTenant;
  const tokens: Record<'own' | 'ownLive' | 'foreign' | 'revoked' | 'expired' | 'forged', string> = {} as never;

  const send = (path: string, credentials: Credentials) => {
    const request = t.http().get(path);
    for (const credential of ALL_CREDENTIALS) {
      const value = credentials[credential];
      if (value !== undefined) request.set(CREDENTIAL_HEADERS[credential], value);
    }
    return request;
  };

  /** The credentials of `tenant` that `probe` requires, and nothing else. */
  const requiredOf = (probe: CredentialProbe, tenant: TestTenant, token: string): Credentials => {
    const all: Record<Credential, string> = { key: tenant.apiKey, secret: tenant.appSecret, token };
    return Object.fromEntries(required(probe).map((credential) => [credential, all[credential]]));
  };

  const authorize = async (tenant: TestTenant) => {
    const response = await send('/api/v1/flow/authorize', { key: tenant.apiKey, secret: tenant.appSecret }).expect(200);
    return response.headers[CREDENTIAL_HEADERS.token];
  };

  beforeAll(async () => {
    t = await createTestApp({ controllers: [CredentialProbeController] });
    own = await createTenant(t.app);
    ownLive = await createTenant(t.app, { environment: 'production', consumerId: own.consumerId });
    foreign = await createTenant(t.app);
    revoked = await createTenant(t.app);
    [tokens.own, tokens.ownLive, tokens.foreign, tokens.revoked] = await Promise.all(
      [own, ownLive, foreign, revoked].map(authorize),
    );
    await t.app.get(TenantsService).revokeApiKey(revoked.apiKey);

    // The same claims, type and issuer as a real token of `own`: expired, or signed by a key that is not the service's.
    const claims = decodeJwt(tokens.own);
    const { typ } = decodeProtectedHeader(tokens.own);
    const now = Math.floor(Date.now() / 1000);
    const restamp = { sub: claims.sub, app: claims.app, env: claims.env };
    tokens.expired = await t.app
      .get(ServiceKeyService)
      .sign({ ...restamp, exp: now - 60 }, { issuer: claims.iss as string, type: typ });
    const stranger = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    tokens.forged = await new SignJWT({ ...restamp })
      .setProtectedHeader({ alg: 'EdDSA', typ })
      .setIssuer(claims.iss as string)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(stranger.privateKey);
  });
  afterAll(() => t.close());

  it('the credential table says what spec section 5 says, v1 included', () => {
    const table = (probe: CredentialProbe) => ({ required: required(probe), optional: optional(probe) });
    const expected: Record<string, { required: Credential[]; optional: Credential[] }> = {
      system: { required: ['key'], optional: [] },
      'identification.v2.sameDevice': { required: ['key', 'secret'], optional: [] },
      'identification.v2.differentDevice': { required: ['key', 'secret'], optional: [] },
      'identification.v2.wildcard': { required: ['key'], optional: [] },
      'identification.v1.sameDevice': { required: ['key', 'secret'], optional: [] },
      'identification.v1.differentDevice': { required: ['key', 'token'], optional: [] },
      'identification.v1.wildcard': { required: ['key'], optional: ['token'] },
      'signing.v2.sameDevice': { required: ['key', 'secret'], optional: [] },
      'signing.v2.differentDevice': { required: ['key', 'secret'], optional: [] },
      'signing.v2.wildcard': { required: ['key', 'secret'], optional: [] },
      'signing.v1.sameDevice': { required: ['key', 'secret', 'token'], optional: [] },
      'signing.v1.differentDevice': { required: ['key', 'token'], optional: [] },
      'flow.v2.ping': { required: ['key', 'secret'], optional: [] },
      'flow.v2.cancel': { required: ['key', 'secret'], optional: [] },
      'flow.v2.sse': { required: ['key'], optional: ['secret'] },
      'flow.v2.polling': { required: ['key', 'token'], optional: [] },
      'flow.v2.qr': { required: ['key', 'secret'], optional: [] },
      'flow.v1.ping': { required: ['key', 'token'], optional: [] },
      'flow.v1.cancel': { required: ['key', 'token'], optional: [] },
      'flow.v1.polling': { required: ['key', 'token'], optional: [] },
      'flow.v1.authorize': { required: ['key', 'secret'], optional: [] },
      'document.v2': { required: ['key', 'secret'], optional: [] },
      'document.v1': { required: ['key', 'token'], optional: [] },
      account: { required: ['key', 'secret'], optional: [] },
      sandbox: { required: ['key', 'secret'], optional: [] },
    };
    expect(Object.fromEntries(TABLE_PROBES.map((probe) => [probe.name, table(probe)]))).toEqual(expected);
    expect(ROUTE_CREDENTIALS.flow.v2).not.toHaveProperty('authorize');
  });

  describe.each(TABLE_PROBES.map((probe) => [probe.name, probe] as const))('%s', (_name, probe) => {
    const header = (credential: Credential) => CREDENTIAL_HEADERS[credential];
    const ownCredentials = () => requiredOf(probe, own, tokens.own);

    it(`accepts ${required(probe).map(header).join(' + ')} and answers for the key's app`, async () => {
      const response = await send(probe.path, ownCredentials()).expect(200);
      expect(response.body).toEqual({
        status: 'successful',
        reason: 'OK',
        version: probe.version,
        data: { app: own.appId, consumer: own.consumerId },
      });
    });

    for (const credential of required(probe)) {
      it(`refuses a request without ${header(credential)} (401 naming the header)`, async () => {
        const { [credential]: _left, ...rest } = ownCredentials();
        const response = await send(probe.path, rest).expect(401);
        expect(response.body).toEqual({ status: 'failed', reason: expect.any(String), version: probe.version });
        expect(response.body.reason).toContain(`${header(credential)} header is required`);
      });

      it(`refuses a wrong ${header(credential)} (401)`, async () => {
        const response = await send(probe.path, { ...ownCredentials(), [credential]: UNKNOWN[credential] }).expect(401);
        expect(response.body.status).toBe('failed');
        expect(response.body.reason).toContain(header(credential));
      });
    }

    for (const credential of optional(probe)) {
      it(`accepts no ${header(credential)} (optional) but checks it when sent`, async () => {
        await send(probe.path, ownCredentials()).expect(200);
        const right = credential === 'secret' ? own.appSecret : tokens.own;
        await send(probe.path, { ...ownCredentials(), [credential]: right }).expect(200);
        const wrong = await send(probe.path, { ...ownCredentials(), [credential]: UNKNOWN[credential] }).expect(401);
        expect(wrong.body.reason).toContain(header(credential));
      });
    }

    for (const credential of ALL_CREDENTIALS.filter((c) => !uses(probe, c))) {
      it(`takes no ${header(credential)}, but one sent anyway must be the key holder's (401 for another app's)`, async () => {
        const right = credential === 'secret' ? own.appSecret : tokens.own;
        await send(probe.path, { ...ownCredentials(), [credential]: right }).expect(200);
        const foreigns = credential === 'secret' ? foreign.appSecret : tokens.foreign;
        const wrong = await send(probe.path, { ...ownCredentials(), [credential]: foreigns }).expect(401);
        expect(wrong.body.reason).toContain(header(credential));
      });
    }

    it('refuses a revoked key (401)', async () => {
      const response = await send(probe.path, requiredOf(probe, revoked, tokens.revoked)).expect(401);
      expect(response.body.reason).toBe('The x-api-key has been revoked');
    });

    it("refuses the key under the other environment's prefix (401)", async () => {
      const credentials = { ...ownCredentials(), key: swapEnvironmentPrefix(own.apiKey) };
      const response = await send(probe.path, credentials).expect(401);
      expect(response.body.reason).toBe('The x-api-key is not valid');
    });

    if (uses(probe, 'secret')) {
      it("refuses another consumer's app secret (401)", async () => {
        const response = await send(probe.path, { ...ownCredentials(), secret: foreign.appSecret }).expect(401);
        expect(response.body.reason).toBe('The x-access-secret does not match the app of the x-api-key');
      });

      it("refuses the app secret of the same consumer's other app (401)", async () => {
        await send(probe.path, { ...ownCredentials(), secret: ownLive.appSecret }).expect(401);
      });
    }

    if (uses(probe, 'token')) {
      const tokenRefused = 'The x-access-token is not valid for the app of the x-api-key';

      it("refuses a token issued to another consumer's app (401)", async () => {
        const response = await send(probe.path, { ...ownCredentials(), token: tokens.foreign }).expect(401);
        expect(response.body.reason).toBe(tokenRefused);
      });

      it("refuses a sandbox app's token with the production key of the same consumer (401)", async () => {
        const live = { ...requiredOf(probe, ownLive, tokens.ownLive), token: tokens.ownLive };
        await send(probe.path, live).expect(200);
        const response = await send(probe.path, { ...live, token: tokens.own }).expect(401);
        expect(response.body.reason).toBe(tokenRefused);
      });

      it('refuses an expired token (401)', async () => {
        const response = await send(probe.path, { ...ownCredentials(), token: tokens.expired }).expect(401);
        expect(response.body.reason).toBe(tokenRefused);
      });

      it('refuses a token with the right claims signed by another key (401)', async () => {
        const response = await send(probe.path, { ...ownCredentials(), token: tokens.forged }).expect(401);
        expect(response.body.reason).toBe(tokenRefused);
      });
    }
  });

  it('the probes cover every credential rule and the scope probes', () => {
    expect(CREDENTIAL_PROBES).toHaveLength(TABLE_PROBES.length + Object.keys(SCOPED_PROBES).length);
    expect(new Set(CREDENTIAL_PROBES.map((probe) => probe.path)).size).toBe(CREDENTIAL_PROBES.length);
  });

  describe('scopes', () => {
    it('refuses a scope the app is not provisioned for with 403 telling to contact support', async () => {
      const response = await send(SCOPED_PROBES.notGranted.path, { key: own.apiKey, secret: own.appSecret }).expect(
        403,
      );
      expect(response.body).toEqual({ status: 'failed', reason: expect.any(String), version: 'v2' });
      expect(response.body.reason).toContain('identification:another');
      expect(response.body.reason).toMatch(/contact support/i);
    });

    it('serves a scope the app has by default', async () => {
      const response = await send(SCOPED_PROBES.granted.path, { key: own.apiKey, secret: own.appSecret }).expect(200);
      expect(response.body.data.app).toBe(own.appId);
    });

    it('serves identification:another once the app is provisioned for it', async () => {
      const approved = await createTenant(t.app, { scopes: ['identification:same', 'identification:another'] });
      await send(SCOPED_PROBES.notGranted.path, { key: approved.apiKey, secret: approved.appSecret }).expect(200);
    });

    it('refuses even a default scope to an app provisioned without it', async () => {
      const narrow = await createTenant(t.app, { scopes: ['document:sign'] });
      await send(SCOPED_PROBES.granted.path, { key: narrow.apiKey, secret: narrow.appSecret }).expect(403);
    });

    it('checks credentials before the scope: a missing secret is 401, not 403', async () => {
      const response = await send(SCOPED_PROBES.notGranted.path, { key: own.apiKey }).expect(401);
      expect(response.body.reason).toBe('The x-access-secret header is required');
    });
  });

  describe('GET /api/v1/flow/authorize', () => {
    const authorizeAs = (tenant: TestTenant, query: Record<string, string> = {}) =>
      send('/api/v1/flow/authorize', { key: tenant.apiKey, secret: tenant.appSecret }).query(query);

    it('grants a token in the x-access-token header and as data.token, enveloped as v1', async () => {
      const before = Math.floor(Date.now() / 1000);
      const response = await authorizeAs(own).expect(200);
      const token = response.headers[CREDENTIAL_HEADERS.token];
      expect(token).toEqual(expect.any(String));
      expect(response.body).toEqual({
        status: 'successful',
        reason: 'Access token issued',
        version: 'v1',
        data: { token, exp: expect.any(Number) },
      });
      expect(decodeJwt(token).exp).toBe(response.body.data.exp);
      expect(response.body.data.exp).toBeGreaterThanOrEqual(before + t.config.ACCESS_TOKEN_TTL_SECONDS);
      expect(response.body.data.exp).toBeLessThanOrEqual(before + t.config.ACCESS_TOKEN_TTL_SECONDS + 5);
    });

    it('grants a token that opens a key + token route for the same app', async () => {
      const token = (await authorizeAs(own).expect(200)).headers[CREDENTIAL_HEADERS.token];
      const response = await send('/api/v1/probe/flow/ping', { key: own.apiKey, token }).expect(200);
      expect(response.body.data.app).toBe(own.appId);
    });

    it('needs the app secret', async () => {
      const response = await send('/api/v1/flow/authorize', { key: own.apiKey }).expect(401);
      expect(response.body.reason).toBe('The x-access-secret header is required');
      expect(response.headers[CREDENTIAL_HEADERS.token]).toBeUndefined();
    });

    it('accepts sub and app naming the caller', async () => {
      await authorizeAs(own, { sub: own.consumerId, app: own.appId }).expect(200);
    });

    it('refuses a sub naming another consumer (403)', async () => {
      const response = await authorizeAs(own, { sub: foreign.consumerId, app: own.appId }).expect(403);
      expect(response.body).toEqual({ status: 'failed', reason: expect.stringContaining('sub'), version: 'v1' });
      expect(response.headers[CREDENTIAL_HEADERS.token]).toBeUndefined();
    });

    it("refuses an app naming the consumer's other app (403)", async () => {
      await authorizeAs(own, { sub: own.consumerId, app: ownLive.appId }).expect(403);
    });

    it('refuses sub without app (400, Zod-style issue at path app)', async () => {
      const response = await authorizeAs(own, { sub: own.consumerId }).expect(400);
      expect(response.body).toEqual({
        status: 'failed',
        reason: 'Validation failed',
        version: 'v1',
        errors: [{ code: 'invalid_type', path: ['app'], message: 'app is required when sub is set' }],
      });
    });

    it('refuses a malformed sub (400)', async () => {
      const response = await authorizeAs(own, { sub: 'not-a-consumer', app: own.appId }).expect(400);
      expect(response.body.errors).toEqual([{ code: 'invalid_string', path: ['sub'], message: expect.any(String) }]);
    });
  });
});
