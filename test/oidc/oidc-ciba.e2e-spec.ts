import { createPrivateKey, randomUUID } from 'node:crypto';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { SignJWT } from 'jose';
import type * as OpenIdClient from 'openid-client';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/billing/usage-record.entity';
import { UsageMeter } from '../../src/billing/usage.meter';
import { CibaPing } from '../../src/oidc/ciba-ping.entity';
import { OidcRecord } from '../../src/oidc/oidc-record.entity';
import { TEST_PERSONS, TEST_PERSONS_WITH_DIGITAL_ID } from '../../src/sandbox/test-persons';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TenantsService } from '../../src/tenants/tenants.service';
import { LocalServer } from '../support/local-server';
import { discover, openid } from '../support/oidc-login';
import { bootstrapSandbox, credentials, enrolledDevice, testPerson } from '../support/sandbox-tenant';
import { selfSignedCertificate } from '../support/self-signed-certificate';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createListeningTestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';
import { eventually, pause } from '../support/waiting';
import { CIBA_GRANT_TYPE, oauthErrorOf, pushedFlowOf } from '../support/ciba-logins';

const ADAEZE = '10000000001';
/** The suite's poll interval, shorter than the default 5 s so that each login's wait for its poll is short. */
const POLL_INTERVAL_SECONDS = 1;
const POLL_TIMEOUT_MS = 30_000;

describe('CIBA logins (openid-client as the relying party, approved in the Wallet API)', () => {
  let t: TestApp;
  let issuer: string;
  let sandbox: SandboxBootstrap;
  let rp: OpenIdClient.Configuration;
  let phone: TestDevice;
  let notifications: LocalServer;
  const pings: Array<{ authorization?: string; body: { auth_req_id: string } }> = [];
  let failedOnce = false;
  const tenants = () => t.app.get(TenantsService);

  beforeAll(async () => {
    // The client's notification endpoint is https, as CIBA requires, with a certificate the service is made to trust.
    const certificate = selfSignedCertificate(['127.0.0.1']);
    setDefaultCACertificates([...getCACertificates('default'), certificate.cert]);
    notifications = await LocalServer.start(
      (request, response, body) => {
        pings.push({ authorization: request.headers.authorization, body: JSON.parse(body.toString('utf8')) });
        // An endpoint that fails its first answer to this token, as one restarting would.
        const failing = request.headers.authorization === 'Bearer fails-once' && !failedOnce;
        failedOnce ||= failing;
        response.statusCode = failing ? 503 : 204;
        response.end();
      },
      { tls: certificate },
    );
    // Every login of the suite is pushed to the one test person's phone, more often than the default cap of five.
    t = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      ALLOW_PRIVATE_URLS: 'true',
      OIDC_PUSHES_PER_NIN: '50',
      OIDC_CIBA_POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_SECONDS),
    }));
    issuer = `${t.config.BASE_URL}/oidc`;
    sandbox = await bootstrapSandbox(t.app);
    await tenants().updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'poll' });
    rp = await discover(issuer, sandbox.appId, { secret: sandbox.appSecret });
    phone = await enrolledDevice(t.app, t.http, ADAEZE);
  });
  afterAll(async () => {
    await t.close();
    await notifications.close();
  });

  const pushedFlow = (bindingMessage: string) => pushedFlowOf(phone, t.http, bindingMessage);
  const approve = async (flowId: string, claims: string[]) => {
    expect((await phone.post(t.http, `/wallet/v1/flows/${flowId}/accept`)).status).toBeLessThan(300);
    expect((await phone.post(t.http, `/wallet/v1/flows/${flowId}/approve`, { claims })).status).toBeLessThan(300);
  };
  const errorOf = oauthErrorOf;
  /** Runs `work` with the sandbox app in ping mode, notified at the suite's endpoint; back in poll mode after. */
  const inPingMode = async (work: () => Promise<void>) => {
    await tenants().updateOidcClient(sandbox.appId, {
      cibaDeliveryMode: 'ping',
      cibaNotificationEndpoint: `${notifications.origin}/ciba`,
    });
    try {
      await work();
    } finally {
      await tenants().updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'poll', cibaNotificationEndpoint: null });
    }
  };

  it('publishes the backchannel endpoint and both delivery modes in discovery', () => {
    const metadata = rp.serverMetadata();
    expect(metadata.backchannel_authentication_endpoint).toBe(`${issuer}/backchannel`);
    expect(metadata.backchannel_token_delivery_modes_supported).toEqual(['poll', 'ping']);
    expect(metadata.grant_types_supported).toContain(CIBA_GRANT_TYPE);
  });

  it(
    'poll mode: pushed to the phone with the binding message, approved with a device key, tokens with the consented claims',
    async () => {
      const usage = async () => {
        await t.app.get(UsageMeter).flush();
        const records = t.app.get(DataSource).getRepository(UsageRecord);
        return records.findBy({ appId: sandbox.appId, category: 'authentication', keyId: 'key_oidc' });
      };
      const billedBefore = (await usage()).length;
      const started = await openid.initiateBackchannelAuthentication(rp, {
        scope: 'openid naming',
        login_hint: ADAEZE,
        binding_message: 'Till-42',
      });
      // Metered once, as an identification of the app, when the request is accepted.
      expect(await usage()).toHaveLength(billedBefore + 1);
      expect(started.expires_in).toBe(t.config.FLOW_TTL_SECONDS);
      expect(started.interval).toBe(POLL_INTERVAL_SECONDS);
      const flowId = await pushedFlow('Till-42');
      const read = await phone.get(t.http, `/wallet/v1/flows/${flowId}`);
      expect(JSON.stringify(read.body.data)).toMatch(/"verificationCode":"\d{4}"/);

      // Asked again at once, before the interval: slow_down, not authorization_pending.
      const poll = () => openid.genericGrantRequest(rp, CIBA_GRANT_TYPE, { auth_req_id: started.auth_req_id });
      await expect(errorOf(poll())).resolves.toBe('authorization_pending');
      await expect(errorOf(poll())).resolves.toBe('slow_down');

      await approve(flowId, ['naming.given', 'naming.family']);
      const tokens = await openid.pollBackchannelAuthenticationGrant(rp, started);
      const person = testPerson(ADAEZE);
      const claims = tokens.claims();
      expect(claims).toMatchObject({
        iss: issuer,
        aud: sandbox.appId,
        given_name: person.claims.naming.given,
        family_name: person.claims.naming.family,
        claims: { naming: { given: person.claims.naming.given, family: person.claims.naming.family } },
      });
      expect(claims).not.toHaveProperty('name');
      const userinfo = await openid.fetchUserInfo(rp, tokens.access_token, claims?.sub as string);
      expect(userinfo).toMatchObject({ given_name: person.claims.naming.given });

      // The grant is used once.
      await expect(errorOf(poll())).resolves.toBe('invalid_grant');
    },
    POLL_TIMEOUT_MS,
  );

  it(
    'poll mode: declined on the phone is access_denied',
    async () => {
      const started = await openid.initiateBackchannelAuthentication(rp, {
        scope: 'openid naming',
        login_hint: ADAEZE,
        binding_message: 'Till-43',
      });
      const flowId = await pushedFlow('Till-43');
      expect((await phone.post(t.http, `/wallet/v1/flows/${flowId}/decline`)).status).toBeLessThan(300);
      await expect(errorOf(openid.pollBackchannelAuthenticationGrant(rp, started))).resolves.toBe('access_denied');
    },
    POLL_TIMEOUT_MS,
  );

  it(
    "poll mode: the sandbox simulator answers a CIBA login as the test person's virtual device",
    async () => {
      const started = await openid.initiateBackchannelAuthentication(rp, {
        scope: 'openid contact',
        login_hint: ADAEZE,
        binding_message: 'Till-44',
      });
      const flowId = await pushedFlow('Till-44');
      await t
        .http()
        .post(`/api/v2/sandbox/flows/${flowId}/approve`)
        .set(credentials(sandbox))
        .send({ nin: ADAEZE, claims: ['contact.email'] })
        .expect(201);
      const tokens = await openid.pollBackchannelAuthenticationGrant(rp, started);
      expect(tokens.claims()).toMatchObject({ email: testPerson(ADAEZE).claims.contact.email });
    },
    POLL_TIMEOUT_MS,
  );

  it(
    'poll mode: a login nobody answers before requested_expiry is expired_token',
    async () => {
      const started = await openid.initiateBackchannelAuthentication(rp, {
        scope: 'openid',
        login_hint: ADAEZE,
        requested_expiry: '1',
      });
      expect(started.expires_in).toBe(1);
      await pause(1500);
      const late = openid.genericGrantRequest(rp, CIBA_GRANT_TYPE, { auth_req_id: started.auth_req_id });
      await expect(errorOf(late)).resolves.toBe('expired_token');
    },
    POLL_TIMEOUT_MS,
  );

  it(
    "a binding message with spaces and any script's letters reaches the person's app as written",
    async () => {
      for (const message of ['Till 4', 'Kassé 7 · 東京']) {
        const started = await openid.initiateBackchannelAuthentication(rp, {
          scope: 'openid',
          login_hint: ADAEZE,
          binding_message: message,
        });
        expect(started.auth_req_id).toBeTruthy();
        const flowId = await pushedFlow(message);
        const read = await phone.get(t.http, `/wallet/v1/flows/${flowId}`);
        expect(read.body.data.flow.payload).toBe(message);
        expect((await phone.post(t.http, `/wallet/v1/flows/${flowId}/decline`)).status).toBeLessThan(300);
      }
    },
    POLL_TIMEOUT_MS,
  );

  it.each([
    ['a right-to-left override', 'Till \u202E4'],
    ['a zero-width space', 'Till\u200B4'],
    ['a line break', 'Till\n4'],
    ['only spaces', '   '],
  ])('a binding message with %s is invalid_binding_message', async (_what, message) => {
    const start = openid.initiateBackchannelAuthentication(rp, {
      scope: 'openid',
      login_hint: ADAEZE,
      binding_message: message,
    });
    await expect(errorOf(start)).resolves.toBe('invalid_binding_message');
  });

  it('a NIN with no digital ID is unknown_user_id; a login_hint_token is invalid_request; a long binding message is refused', async () => {
    const without = TEST_PERSONS.find((person) => !TEST_PERSONS_WITH_DIGITAL_ID.includes(person.nin));
    const start = (parameters: Record<string, string>) =>
      errorOf(openid.initiateBackchannelAuthentication(rp, { scope: 'openid', ...parameters }));
    await expect(start({ login_hint: without?.nin as string })).resolves.toBe('unknown_user_id');
    await expect(start({ login_hint: 'not-a-nin' })).resolves.toBe('unknown_user_id');
    await expect(start({ login_hint_token: 'x.y.z' })).resolves.toBe('invalid_request');
    await expect(start({ login_hint: ADAEZE, binding_message: 'a message far too long for a till' })).resolves.toBe(
      'invalid_binding_message',
    );
  });

  it('an app that has not opted in is refused: unauthorized_client (CIBA Core 13), or no client at all without redirect URIs', async () => {
    const start = () => errorOf(openid.initiateBackchannelAuthentication(rp, { scope: 'openid', login_hint: ADAEZE }));
    try {
      await tenants().updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'off' });
      await expect(start()).resolves.toBe('invalid_client');
      await tenants().updateOidcClient(sandbox.appId, { redirectUris: ['http://127.0.0.1:9/callback'] });
      await expect(start()).resolves.toBe('unauthorized_client');
    } finally {
      await tenants().updateOidcClient(sandbox.appId, { cibaDeliveryMode: 'poll', redirectUris: [] });
    }
  });

  it('an app without identification:another is unauthorized_client, as its REST push would be refused', async () => {
    const tenant = await createTenant(t.app);
    await tenants().updateOidcClient(tenant.appId, { cibaDeliveryMode: 'poll' });
    const client = await discover(issuer, tenant.appId, { secret: tenant.appSecret });
    await expect(
      errorOf(openid.initiateBackchannelAuthentication(client, { scope: 'openid', login_hint: ADAEZE })),
    ).resolves.toBe('unauthorized_client');
  });

  it(
    'ping mode: the notification endpoint hears of the approval with the client notification token, then one token request',
    async () => {
      await inPingMode(async () => {
        const started = await openid.initiateBackchannelAuthentication(rp, {
          scope: 'openid naming',
          login_hint: ADAEZE,
          binding_message: 'Kiosk-7',
          client_notification_token: 'rp-token-123',
        });
        const flowId = await pushedFlow('Kiosk-7');
        await approve(flowId, ['naming.given']);
        await eventually(
          'the ping arrives',
          async () => pings.some((ping) => ping.body.auth_req_id === started.auth_req_id),
          5000,
        );
        expect(pings.find((ping) => ping.body.auth_req_id === started.auth_req_id)?.authorization).toBe(
          'Bearer rp-token-123',
        );
        const tokens = await openid.genericGrantRequest(rp, CIBA_GRANT_TYPE, { auth_req_id: started.auth_req_id });
        expect(tokens.claims()).toMatchObject({ given_name: testPerson(ADAEZE).claims.naming.given });
      });
    },
    POLL_TIMEOUT_MS,
  );

  it(
    'ping mode: the ping survives a restart: the instance that started the login stops, and the one after it pings',
    async () => {
      const first = await createListeningTestApp((origin) => ({ BASE_URL: origin, ALLOW_PRIVATE_URLS: 'true' }));
      let second: TestApp | undefined;
      try {
        const bank = await bootstrapSandbox(first.app);
        await first.app.get(TenantsService).updateOidcClient(bank.appId, {
          cibaDeliveryMode: 'ping',
          cibaNotificationEndpoint: `${notifications.origin}/ciba`,
        });
        const client = await discover(`${first.config.BASE_URL}/oidc`, bank.appId, { secret: bank.appSecret });
        const device = await enrolledDevice(first.app, first.http, ADAEZE);
        const started = await openid.initiateBackchannelAuthentication(client, {
          scope: 'openid naming',
          login_hint: ADAEZE,
          binding_message: 'Restart-1',
          client_notification_token: 'rp-token-restart',
        });
        const flowId = await pushedFlowOf(device, first.http, 'Restart-1');
        await first.close();

        // The same database and address, a new process: it never heard of the login until the person answers.
        const { BASE_URL, DATA_DIR, DATABASE_PATH, DATABASE_SCHEMA } = first.config;
        second = await createTestApp({
          env: {
            BASE_URL,
            DATA_DIR,
            DATABASE_PATH,
            ALLOW_PRIVATE_URLS: 'true',
            ...(DATABASE_SCHEMA && { DATABASE_SCHEMA }),
          },
        });
        await second.app.listen(Number(new URL(BASE_URL).port), '127.0.0.1');
        const answer = await device.post(second.http, `/wallet/v1/flows/${flowId}/accept`);
        expect(answer.status).toBeLessThan(300);
        const approval = await device.post(second.http, `/wallet/v1/flows/${flowId}/approve`, {
          claims: ['naming.given'],
        });
        expect(approval.status).toBeLessThan(300);
        const pinged = () => pings.find((ping) => ping.body.auth_req_id === started.auth_req_id);
        await eventually('the ping arrives', async () => pinged() !== undefined, 5000);
        expect(pinged()?.authorization).toBe('Bearer rp-token-restart');
        const tokens = await openid.genericGrantRequest(client, CIBA_GRANT_TYPE, { auth_req_id: started.auth_req_id });
        expect(tokens.claims()).toMatchObject({ given_name: testPerson(ADAEZE).claims.naming.given });
        // One ping per login: the queue sent it, and nothing sends it again.
        await pause(1500);
        expect(pings.filter((ping) => ping.body.auth_req_id === started.auth_req_id)).toHaveLength(1);
      } finally {
        await second?.close();
      }
    },
    POLL_TIMEOUT_MS,
  );

  it(
    'ping mode: a ping the endpoint fails is sent again, and the app then gets its tokens',
    async () => {
      await inPingMode(async () => {
        const started = await openid.initiateBackchannelAuthentication(rp, {
          scope: 'openid naming',
          login_hint: ADAEZE,
          binding_message: 'Kiosk-8',
          client_notification_token: 'fails-once',
        });
        await approve(await pushedFlow('Kiosk-8'), ['naming.given']);
        const pingsOf = () => pings.filter((ping) => ping.body.auth_req_id === started.auth_req_id);
        await eventually('the ping is sent again', async () => pingsOf().length === 2, 10_000);
        expect(failedOnce).toBe(true);
        // Queued with its auth_req_id sealed: a copy of the table names no login to fetch tokens for.
        const queued = await t.app.get(DataSource).getRepository(CibaPing).find();
        expect(queued.length).toBeGreaterThan(0);
        expect(JSON.stringify(queued)).not.toContain(started.auth_req_id);
        // And the provider's record of the request keeps its parameters sealed: neither the person's NIN nor the
        // app's notification token is in clear.
        const requests = await t.app
          .get(DataSource)
          .getRepository(OidcRecord)
          .findBy({ kind: 'BackchannelAuthenticationRequest' });
        expect(requests.length).toBeGreaterThan(0);
        expect(JSON.stringify(requests)).not.toContain('fails-once');
        expect(JSON.stringify(requests)).not.toContain(ADAEZE);
        const tokens = await openid.genericGrantRequest(rp, CIBA_GRANT_TYPE, { auth_req_id: started.auth_req_id });
        expect(tokens.claims()).toMatchObject({ given_name: testPerson(ADAEZE).claims.naming.given });
      });
    },
    POLL_TIMEOUT_MS,
  );

  it(
    'FAPI-CIBA for a fapi2 app: a signed request object with a binding message, private_key_jwt, DPoP-bound tokens',
    async () => {
      await tenants().updateOidcClient(sandbox.appId, { oidcProfile: 'fapi2' });
      try {
        const bank = await discover(issuer, sandbox.appId, { privateKeyPem: sandbox.privateKey });
        const signed = (claims: Record<string, string>) =>
          new SignJWT({ scope: 'openid naming', login_hint: ADAEZE, ...claims })
            .setProtectedHeader({ alg: 'PS256' })
            .setIssuer(sandbox.appId)
            .setAudience(issuer)
            .setIssuedAt()
            .setNotBefore('0s')
            .setExpirationTime('5m')
            .setJti(randomUUID())
            .sign(createPrivateKey(sandbox.privateKey));
        const start = (parameters: Record<string, string>) =>
          openid.initiateBackchannelAuthentication(bank, parameters);
        // Parameters in the clear, or a request object without a binding message: refused.
        await expect(start({ scope: 'openid', login_hint: ADAEZE, binding_message: 'Bank-1' })).rejects.toMatchObject({
          error: 'invalid_request',
          error_description: 'Request Object must be used by this client',
        });
        await expect(start({ request: await signed({}) })).rejects.toMatchObject({
          error: 'invalid_request',
          error_description: 'binding_message is required of a fapi2 app',
        });

        const started = await start({ request: await signed({ binding_message: 'Bank-1' }) });
        await approve(await pushedFlow('Bank-1'), ['naming.given']);
        const DPoP = openid.getDPoPHandle(bank, await openid.randomDPoPKeyPair('ES256'));
        const tokens = await openid.pollBackchannelAuthenticationGrant(bank, started, undefined, { DPoP });
        expect(tokens.token_type.toLowerCase()).toBe('dpop');
        const sub = tokens.claims()?.sub as string;
        const userinfo = await openid.fetchUserInfo(bank, tokens.access_token, sub, { DPoP });
        expect(userinfo.given_name).toBe(testPerson(ADAEZE).claims.naming.given);
        await expect(errorOf(openid.fetchUserInfo(bank, tokens.access_token, sub))).resolves.toBe('invalid_token');
      } finally {
        await tenants().updateOidcClient(sandbox.appId, { oidcProfile: 'basic' });
      }
    },
    POLL_TIMEOUT_MS,
  );
});
