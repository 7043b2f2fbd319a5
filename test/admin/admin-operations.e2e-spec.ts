import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createListeningTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import { eventually } from '../support/waiting';

/** What an operator watches through the admin API: an app's settings, the seal, the trust list, open connections. */
describe('the admin API on the running service', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin }));
    sandbox = await bootstrapSandbox(t.app);
  });
  afterAll(() => t.close());

  it('shows one app with its OIDC and CIBA settings, as a change leaves them, and 404 for an unknown app', async () => {
    await admin()
      .patch(`/admin/apps/${sandbox.appId}`)
      .send({ redirectUris: ['https://acme.example/cb'], cibaDeliveryMode: 'poll' })
      .expect(200);
    const shown = await admin().get(`/admin/apps/${sandbox.appId}`).expect(200);
    expect(shown.body.data).toMatchObject({
      appId: sandbox.appId,
      redirectUris: ['https://acme.example/cb'],
      publicClient: false,
      oidcProfile: 'basic',
      cibaDeliveryMode: 'poll',
      cibaNotificationEndpoint: null,
    });
    expect(JSON.stringify(shown.body.data)).not.toMatch(/appSecret|webhookSecret|privateKey/);
    const unknown = await admin()
      .get(`/admin/apps/app_${'x'.repeat(24)}`)
      .expect(404);
    expect(unknown.body.reason).toBe(`App app_${'x'.repeat(24)} does not exist`);
  });

  it('shows the seal certificate sealing now, the seals still to make and the next archive renewals', async () => {
    const shown = await admin().get('/admin/seal').expect(200);
    expect(shown.body.data).toEqual({
      level: t.config.SEAL_LEVEL,
      certificate: {
        source: 'sandbox',
        subject: expect.stringContaining('CN='),
        issuer: expect.stringContaining('CA'),
        serialNumber: expect.stringMatching(/^[0-9a-f]+$/),
        notBefore: expect.any(Number),
        notAfter: expect.any(Number),
      },
      timestampAuthority: null,
      pendingSeals: { count: 0, oldest: [] },
      archiveRenewals: { count: 0, next: [] },
    });
    expect(shown.body.data.certificate.notAfter).toBeGreaterThan(Date.now() / 1000);
  });

  it('says no trust list is configured when EUDI_TRUST_LIST_PATH is unset', async () => {
    const shown = await admin().get('/admin/trust-list').expect(200);
    expect(shown.body.data).toEqual({ form: 'none', certificates: [], issuedAt: null, nextUpdate: null });
  });

  it('counts the event streams open on the instance, in all and per app, and forgets one once it closes', async () => {
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const flow = await integrator.start('wildcard', {
      action: 'login',
      claims: ['naming.name'],
      seeds: 1,
      payload: 'Log in to Acme',
    });
    const stream = await SseClient.open(
      `${t.config.BASE_URL}/api/v2/flow/sse?request=${flow.id}`,
      credentials(sandbox),
    );
    try {
      await stream.waitFor(1);
      const open = (await admin().get('/admin/connections').expect(200)).body.data;
      expect(open).toMatchObject({
        instance: expect.stringContaining(':'),
        eventStreams: 1,
        heldPolls: 0,
        apps: [{ appId: sandbox.appId, name: expect.any(String), eventStreams: 1, heldPolls: 0 }],
        limits: {
          flow: t.config.STREAMS_PER_FLOW,
          app: t.config.STREAMS_PER_APP,
          clientIp: t.config.STREAMS_PER_CLIENT_IP,
        },
      });
    } finally {
      stream.close();
    }
    await eventually(
      'the stream is no longer counted',
      async () => {
        const open = (await admin().get('/admin/connections').expect(200)).body.data;
        return open.eventStreams === 0 && open.apps.length === 0;
      },
      5000,
    );
  });
});
