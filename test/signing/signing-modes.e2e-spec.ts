import { createHash } from 'node:crypto';
import {
  type CryptoKey,
  JSONWebKeySet,
  compactVerify,
  createLocalJWKSet,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import type { StartMode } from '../../src/flows/flow-kind';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { FLOW_EXPIRY_PASS } from '../../src/flows/flow-expiry.sweeper';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { signChallenge } from '../support/device-signature';
import type { CreatedFlow } from '../support/integrator-client';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { SigningHolder, simulatedSigner, startSigning, walletSigner } from '../support/signing-flows';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';
import { WebhookReceiver } from '../support/webhook-receiver';

const MODES: StartMode[] = ['same-device', 'different-device', 'wildcard'];
const ACTIONS = ['sign', 'confirm'] as const;
type Action = (typeof ACTIONS)[number];
const HOLDERS = ['Wallet API', 'sandbox simulator'] as const;
type HolderKind = (typeof HOLDERS)[number];

const AFTER_EXPIRY_MS = 301_000;
const JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Whitespace at both ends, a line break, and characters outside ASCII: the digest must be of these exact bytes. */
let payloadCount = 0;
const newPayload = (label: string) => `  Pay 120,00 € to Grüße GmbH — ${label} #${++payloadCount}\n日本語 \t`;

/**
 * What an integrator does with a receipt, with jose alone: the signature must be by a key of the published JWK Set and
 * of the receipt type, and its digest must be that of the exact payload the integrator asked to have signed.
 */
async function verifyReceipt(receipt: string, payload: string, jwks: JSONWebKeySet, issuer: string) {
  const { payload: claims, protectedHeader } = await jwtVerify(receipt, createLocalJWKSet(jwks), {
    typ: 'idflow-signature+jwt',
    issuer,
  });
  if (claims.payload_sha256 !== sha256(payload)) throw new Error('the receipt does not cover this payload');
  return { claims, protectedHeader };
}

/** The receipt with its payload segment replaced by `claims` (header and signature kept). */
function withClaims(receipt: string, claims: Record<string, unknown>): string {
  const [header, , signature] = receipt.split('.');
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('signing in every start mode, for both actions, to every end', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let jwks: JSONWebKeySet;
  let phone: TestDevice;
  const holders = {} as Record<HolderKind, SigningHolder>;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1' },
    });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
    // Two people, so a receipt naming the wrong signer would show.
    const phoneOwner = sandbox.testPersons[0].nin;
    phone = await enrolledDevice(t.app, t.http, phoneOwner);
    holders['Wallet API'] = walletSigner(t.http, phone, phoneOwner);
    holders['sandbox simulator'] = simulatedSigner(integrator, sandbox.testPersons[1].nin);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => jest.restoreAllMocks());

  function bodyFor(mode: StartMode, action: Action, nin: string, payload: string): object {
    const webhook = action === 'sign' ? { webhook: { host: receiver.url, reference: `ref-${payloadCount}` } } : {};
    return mode === 'wildcard' ? { action, payload, seeds: 3, ...webhook } : { action, payload, nin, ...webhook };
  }

  /** Creates the flow, checks the create answer for its mode, and checks that ping shows it pending and unsigned. */
  async function start(mode: StartMode, action: Action, nin: string, payload: string): Promise<CreatedFlow> {
    const flow = await startSigning(integrator, mode, bodyFor(mode, action, nin, payload));
    const { data } = flow.body;
    expect(flow.body).toMatchObject({ status: 'successful', reason: 'Signing flow created', version: 'v2' });
    expect(data.request).toMatchObject({
      id: expect.stringMatching(/^req_[0-9A-Za-z]{24}$/),
      mode: 'signing',
      action,
      user: mode === 'wildcard' ? '' : nin,
      payload,
      acquireClaims: [],
      signature: expect.stringMatching(JWS),
    });
    if (mode === 'same-device') expect(data.link).toBe(`${t.config.OPEN_URL}/open/${flow.linkCode}`);
    else expect(data.link).toBeUndefined();
    if (mode === 'wildcard') {
      expect(data.seeds).toHaveLength(3);
      for (const seed of data.seeds) expect(seed).toMatch(/^idflow:\/\/flow\?seed=[0-9A-Za-z]{32}$/);
    } else expect(data.seeds).toBeUndefined();
    const view = await integrator.view(flow.id);
    expect(view).toMatchObject({ status: 'pending', onsession: false, cancelled: false, payload });
    expect(view.signature).toBeUndefined();
    return flow;
  }

  async function pickUp(holder: SigningHolder, flow: CreatedFlow): Promise<void> {
    const picked = await holder.pickUp(flow);
    expect(picked.status).toBe(201);
    expect(holder.statusIn(picked)).toBe('active');
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'active', onsession: true, cancelled: false });
  }

  /** After a terminal state nothing moves the flow: not the holder, not the integrator. */
  async function expectFinal(holder: SigningHolder, flowId: string, status: string): Promise<void> {
    const before = await integrator.view(flowId);
    const signed = await holder.sign(flowId);
    expect(signed.status).toBe(409);
    expect(signed.body).toMatchObject({ status: 'failed', reason: `The flow is already ${status}` });
    expect((await holder.decline(flowId)).status).toBe(409);
    const cancel = await integrator.cancel(flowId);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({ status: 'failed', reason: `The flow is already ${status}`, version: 'v2' });
    expect(await integrator.view(flowId)).toEqual(before);
  }

  const expectUnsigned = (view: Record<string, unknown>) => {
    expect(view.signature).toBeUndefined();
    expect(view.signedAt).toBeUndefined();
  };

  describe.each(HOLDERS)('through the %s', (holderKind) => {
    describe.each(MODES)('%s', (mode) => {
      describe.each(ACTIONS)('%s', (action) => {
        it('completes: ping shows a receipt that verifies with the JWKS and covers exactly the payload', async () => {
          const holder = holders[holderKind];
          const payload = newPayload(`${mode} ${action}`);
          const flow = await start(mode, action, holder.nin, payload);
          await pickUp(holder, flow);

          const before = Math.floor(Date.now() / 1000);
          const signed = await holder.sign(flow.id);
          expect(signed.status).toBe(201);
          expect(holder.statusIn(signed)).toBe('completed');

          const done = await integrator.view(flow.id);
          expect(done).toMatchObject({
            status: 'completed',
            cancelled: false,
            onsession: true,
            user: holder.nin,
            signature: expect.stringMatching(JWS),
            signedAt: expect.any(Number),
          });
          expect(done.signedAt).toBeGreaterThanOrEqual(before);
          expect(done.signedAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
          expect(done.claims).toBeUndefined();

          const { claims, protectedHeader } = await verifyReceipt(done.signature, payload, jwks, t.config.BASE_URL);
          expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0].kid });
          const deviceId = holderKind === 'Wallet API' ? phone.id : `dev_sandbox_${holder.nin}`;
          expect(claims).toMatchObject({
            sub: holder.nin,
            flow: flow.id,
            payload_sha256: sha256(payload),
            device: deviceId,
            device_signature: expect.stringMatching(JWS),
            signed_at: done.signedAt,
          });
          if (holderKind === 'Wallet API') {
            // The receipt carries the phone's own signature, which verifies with the phone's public key.
            const phoneKey = (await importJWK(phone.publicJwk, phone.alg)) as CryptoKey;
            const own = await compactVerify(claims.device_signature as string, phoneKey);
            expect(JSON.parse(new TextDecoder().decode(own.payload))).toMatchObject({
              flow: flow.id,
              payload_sha256: sha256(payload),
            });
          }

          // Any change to the payload, however small, breaks the digest.
          for (const altered of [
            payload.trim(),
            `${payload}.`,
            payload.replace('120,00', '121,00'),
            payload.normalize('NFD'),
          ]) {
            await expect(verifyReceipt(done.signature, altered, jwks, t.config.BASE_URL)).rejects.toThrow(
              'the receipt does not cover this payload',
            );
          }
          // A receipt rewritten to cover another payload, or with a damaged signature, does not verify at all.
          const forged = withClaims(done.signature, { ...claims, payload_sha256: sha256('Pay 1,00 €') });
          await expect(verifyReceipt(forged, 'Pay 1,00 €', jwks, t.config.BASE_URL)).rejects.toThrow(
            'signature verification failed',
          );
          const [header, body, signature] = done.signature.split('.');
          const damaged = `${header}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
          await expect(verifyReceipt(damaged, payload, jwks, t.config.BASE_URL)).rejects.toThrow(
            'signature verification failed',
          );
          await expectFinal(holder, flow.id, 'completed');
        });

        it('is rejected when the holder declines: cancelled on ping, no signature', async () => {
          const holder = holders[holderKind];
          const flow = await start(mode, action, holder.nin, newPayload('declined'));
          await pickUp(holder, flow);

          const declined = await holder.decline(flow.id);
          expect(declined.status).toBe(201);
          expect(holder.statusIn(declined)).toBe('rejected');

          const view = await integrator.view(flow.id);
          expect(view).toMatchObject({ status: 'rejected', cancelled: true, onsession: true });
          expectUnsigned(view);
          await expectFinal(holder, flow.id, 'rejected');
        });

        it('is cancelled by the integrator while the holder holds it', async () => {
          const holder = holders[holderKind];
          const flow = await start(mode, action, holder.nin, newPayload('cancelled'));
          await pickUp(holder, flow);

          const cancelled = await integrator.cancel(flow.id);
          expect(cancelled.status).toBe(201);
          expect(cancelled.body.data.request).toMatchObject({ id: flow.id, status: 'cancelled', cancelled: true });
          const view = await integrator.view(flow.id);
          expect(view).toEqual(cancelled.body.data.request);
          expectUnsigned(view);
          await expectFinal(holder, flow.id, 'cancelled');
        });

        it('expires once its time is up: the sweeper ends it and the signature comes too late', async () => {
          const holder = holders[holderKind];
          const flow = await start(mode, action, holder.nin, newPayload('expired'));
          await pickUp(holder, flow);

          const realNow = Date.now.bind(Date);
          jest.spyOn(Date, 'now').mockImplementation(() => realNow() + AFTER_EXPIRY_MS);
          await expect(t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS)).resolves.toBeGreaterThanOrEqual(1);
          jest.restoreAllMocks();

          const view = await integrator.view(flow.id);
          expect(view).toMatchObject({ status: 'expired', cancelled: true, onsession: true });
          expectUnsigned(view);
          await expectFinal(holder, flow.id, 'expired');
        });
      });
    });
  });

  describe('device signatures the service refuses', () => {
    let otherFlowId: string;
    beforeAll(async () => {
      otherFlowId = (await startSigning(integrator, 'wildcard', { action: 'confirm', payload: 'Other', seeds: 1 })).id;
    });

    it.each(MODES)(
      '%s: a signature over another payload or flow, or by another key, is a 400; the flow stays unsigned',
      async (mode) => {
        const nin = holders['Wallet API'].nin;
        const payload = newPayload('refused');
        const flow = await start(mode, 'sign', nin, payload);
        const approve = (body: object) => phone.post(t.http, `/wallet/v1/flows/${flow.id}/approve`, body);
        if (mode !== 'different-device') await pickUp(holders['Wallet API'], flow);

        const read = await phone.get(t.http, `/wallet/v1/flows/${flow.id}`);
        expect(read.status).toBe(200);
        const { challenge } = read.body.data.flow;
        expect(challenge).toEqual({ flow: flow.id, payloadSha256: sha256(payload) });
        const strangerKey = (await generateKeyPair('ES256')).privateKey;

        const refusals: Array<[string, string, string]> = [
          [
            'over another payload',
            await signChallenge(phone, challenge, { payloadSha256: sha256(`${payload} and a bit more`) }),
            'signature covers another flow or another payload',
          ],
          [
            'over another flow',
            await signChallenge(phone, challenge, { flow: otherFlowId }),
            'signature covers another flow or another payload',
          ],
          [
            'by another key',
            await signChallenge(phone, challenge, { signWith: strangerKey }),
            "signature was not made by this device's key",
          ],
          [
            'of another type',
            await signChallenge(phone, challenge, { typ: 'idflow-device-proof+jwt' }),
            'signature typ must be idflow-device-signature+jwt',
          ],
          ['that is not a JWS', 'this-is-not-a-signature', 'signature must be a compact JWS'],
          // Signed by the phone, but over no challenge at all.
          ...(await Promise.all(
            [null, [challenge.flow, challenge.payloadSha256], challenge.flow].map(
              async (value): Promise<[string, string, string]> => [
                `over ${JSON.stringify(value)}`,
                await signChallenge(phone, challenge, { payload: value }),
                'signature covers another flow or another payload',
              ],
            ),
          )),
        ];
        for (const [label, signature, message] of refusals) {
          const refused = await approve({ signature });
          expect([label, refused.status]).toEqual([label, 400]);
          expect(refused.body).toMatchObject({
            status: 'failed',
            reason: 'The signature is not valid',
            errors: [{ code: 'custom', path: ['signature'], message }],
          });
        }
        for (const body of [{}, { claims: [] }]) {
          const refused = await approve(body);
          expect(refused.status).toBe(400);
          expect(refused.body.errors).toEqual([
            { code: 'invalid_type', path: ['signature'], message: 'signature is required' },
          ]);
        }

        const view = await integrator.view(flow.id);
        expect(view).toMatchObject({ status: mode === 'different-device' ? 'pending' : 'active', cancelled: false });
        expectUnsigned(view);
        expect(receiver.arrivals).not.toContain(`ref-${payloadCount}`);

        // The flow is still there to be signed properly.
        const signed = await approve({ signature: await signChallenge(phone, challenge) });
        expect(signed.status).toBe(201);
        const { claims } = await verifyReceipt(
          (await integrator.view(flow.id)).signature,
          payload,
          jwks,
          t.config.BASE_URL,
        );
        expect(claims).toMatchObject({ sub: nin, flow: flow.id, payload_sha256: sha256(payload), device: phone.id });
      },
    );

    it('a signature the phone made for one flow does not approve another flow of the same payload', async () => {
      const nin = holders['Wallet API'].nin;
      const payload = newPayload('same text');
      const first = await start('different-device', 'confirm', nin, payload);
      const second = await start('different-device', 'confirm', nin, payload);
      const read = await phone.get(t.http, `/wallet/v1/flows/${first.id}`);
      const forFirst = await signChallenge(phone, read.body.data.flow.challenge);

      const refused = await phone.post(t.http, `/wallet/v1/flows/${second.id}/approve`, { signature: forFirst });
      expect(refused.status).toBe(400);
      expectUnsigned(await integrator.view(second.id));
      expect((await phone.post(t.http, `/wallet/v1/flows/${first.id}/approve`, { signature: forFirst })).status).toBe(
        201,
      );
    });
  });

  describe('who may sign', () => {
    it.each(['same-device', 'different-device'] as const)(
      '%s: a flow for one NIN is not shown to, nor signed by, another person',
      async (mode) => {
        const target = sandbox.testPersons[1].nin;
        const flow = await start(mode, 'confirm', target, newPayload('not yours'));
        // The phone belongs to another person.
        const taken =
          mode === 'same-device'
            ? await phone.post(t.http, '/wallet/v1/flows/pick-up', { code: flow.linkCode })
            : await phone.post(t.http, `/wallet/v1/flows/${flow.id}/accept`);
        expect(taken.status).toBe(404);
        expect((await phone.get(t.http, `/wallet/v1/flows/${flow.id}`)).status).toBe(404);
        const simulated = await integrator.simulate('approve', flow.id, { nin: sandbox.testPersons[0].nin });
        expect(simulated.status).toBe(400);
        expect(simulated.body.errors).toEqual([
          { code: 'custom', path: ['nin'], message: 'nin must be the NIN the flow is addressed to' },
        ]);
        expect(await integrator.view(flow.id)).toMatchObject({ status: 'pending', onsession: false });
      },
    );

    it("the phone's inbox lists the different-device flows pushed to its NIN, with their challenge, and nothing else", async () => {
      const nin = holders['Wallet API'].nin;
      const pushed = await start('different-device', 'sign', nin, newPayload('pushed'));
      const sameDevice = await start('same-device', 'sign', nin, newPayload('not pushed'));
      const inbox = await phone.get(t.http, '/wallet/v1/inbox');
      expect(inbox.status).toBe(200);
      const ids = inbox.body.data.flows.map((flow: { id: string }) => flow.id);
      expect(ids).toContain(pushed.id);
      expect(ids).not.toContain(sameDevice.id);
      // A same-device flow is taken through its link, never accepted as a push.
      expect((await phone.post(t.http, `/wallet/v1/flows/${sameDevice.id}/accept`)).status).toBe(404);
      const listed = inbox.body.data.flows.find((flow: { id: string }) => flow.id === pushed.id);
      expect(listed).toMatchObject({
        mode: 'signing',
        startMode: 'different-device',
        action: 'sign',
        challenge: { flow: pushed.id, payloadSha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      });
    });

    it('the simulator signs as the first test person when told no NIN, and the receipt names that person', async () => {
      const payload = newPayload('default person');
      const flow = await startSigning(integrator, 'wildcard', { action: 'confirm', payload, seeds: 1 });
      const approved = await integrator.simulate('approve', flow.id, {});
      expect(approved.status).toBe(201);
      const nin = sandbox.testPersons[0].nin;
      expect(approved.body.data.request).toMatchObject({ status: 'completed', user: nin });
      const { claims } = await verifyReceipt(approved.body.data.request.signature, payload, jwks, t.config.BASE_URL);
      expect(claims.sub).toBe(nin);
    });
  });
});
