import type { StartMode } from '../../src/flows/flow-kind';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { HolderDriver, simulatedHolder, walletHolder } from '../support/holder-driver';
import { CreatedFlow, IntegratorClient } from '../support/integrator-client';
import { decryptClaims, recordOf } from '../support/released-claims';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

/** Asked for in every flow; one alias spelling, and values of every JSON shape (text, number, boolean, list, object). */
const REQUESTED = [
  'naming.name',
  'contact.emailverified',
  'address.longitude',
  'nationality.nationalities',
  'idcards.passport',
  'financial.bvnLevel',
  'bio.gender',
];
const NORMALISED = REQUESTED.map((claim) => (claim === 'contact.emailverified' ? 'contact.emailVerified' : claim));
/** What the holder consents to: a strict subset, so the test sees that only consented claims are released. */
const CONSENTED = [
  'naming.name',
  'contact.emailVerified',
  'address.longitude',
  'nationality.nationalities',
  'idcards.passport',
];

const MODES: StartMode[] = ['same-device', 'different-device', 'wildcard'];
const HOLDERS = ['Wallet API', 'sandbox simulator'] as const;
type HolderKind = (typeof HOLDERS)[number];

const AFTER_EXPIRY_MS = 301_000;

describe('identification in every start mode, to every end', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  const holders = {} as Record<HolderKind, HolderDriver>;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    // Two people, so a release to the wrong person would show in the decrypted values.
    const phoneOwner = sandbox.testPersons[0].nin;
    holders['Wallet API'] = walletHolder(t.http, await enrolledDevice(t.app, t.http, phoneOwner), phoneOwner);
    holders['sandbox simulator'] = simulatedHolder(integrator, sandbox.testPersons[1].nin);
  });
  afterAll(() => t.close());

  afterEach(() => jest.restoreAllMocks());

  function bodyFor(mode: StartMode, holder: HolderDriver): object {
    const common = { claims: REQUESTED, payload: `Identify for ${mode}` };
    if (mode === 'same-device') return { ...common, action: 'login' };
    if (mode === 'different-device') return { ...common, action: 'signup', user: holder.nin };
    return { ...common, action: 'link', seeds: 3 };
  }

  /** Creates the flow, checks the create answer for its mode, and checks that ping shows it pending and unheld. */
  async function start(mode: StartMode, holder: HolderDriver): Promise<CreatedFlow> {
    const flow = await integrator.start(mode, bodyFor(mode, holder));
    const { data } = flow.body;
    expect(flow.body).toMatchObject({ status: 'successful', version: 'v2' });
    expect(data.request).toMatchObject({
      id: expect.stringMatching(/^req_[0-9A-Za-z]{24}$/),
      mode: 'identification',
      user: mode === 'different-device' ? holder.nin : '',
      acquireClaims: NORMALISED,
      signature: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    if (mode === 'same-device') expect(data.link).toBe(`${t.config.OPEN_URL}/open/${flow.linkCode}`);
    else expect(data.link).toBeUndefined();
    if (mode === 'wildcard') {
      expect(data.seeds).toHaveLength(3);
      for (const seed of data.seeds) expect(seed).toMatch(/^idflow:\/\/flow\?seed=[0-9A-Za-z]{32}$/);
      expect(new Set(data.seeds).size).toBe(3);
    } else expect(data.seeds).toBeUndefined();
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'pending', onsession: false, cancelled: false });
    return flow;
  }

  async function pickUp(holder: HolderDriver, flow: CreatedFlow): Promise<void> {
    const picked = await holder.pickUp(flow);
    expect(picked.status).toBe(201);
    expect(holder.statusIn(picked)).toBe('active');
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'active', onsession: true, cancelled: false });
  }

  /** After a terminal state nothing moves the flow: not the holder, not the integrator. */
  async function expectFinal(holder: HolderDriver, flowId: string, status: string): Promise<void> {
    const before = await integrator.view(flowId);
    const approve = await holder.approve(flowId, ['naming.name']);
    expect(approve.status).toBe(409);
    expect(approve.body).toMatchObject({ status: 'failed', reason: `The flow is already ${status}` });
    expect((await holder.decline(flowId)).status).toBe(409);
    const cancel = await integrator.cancel(flowId);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({ status: 'failed', reason: `The flow is already ${status}`, version: 'v2' });
    expect(await integrator.view(flowId)).toEqual(before);
  }

  describe.each(HOLDERS)('through the %s', (holderKind) => {
    describe.each(MODES)('%s', (mode) => {
      it('completes: the app decrypts exactly the consented claims of the holder', async () => {
        const holder = holders[holderKind];
        const flow = await start(mode, holder);
        await pickUp(holder, flow);

        const approved = await holder.approve(flow.id, CONSENTED);
        expect(approved.status).toBe(201);
        expect(holder.statusIn(approved)).toBe('completed');

        const done = await integrator.view(flow.id);
        expect(done).toMatchObject({
          status: 'completed',
          cancelled: false,
          onsession: true,
          user: holder.nin,
          subject: expect.stringMatching(/^[\w-]{20,}$/),
        });
        await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual(recordOf(holder.nin, CONSENTED));
        await expectFinal(holder, flow.id, 'completed');
      });

      it('is rejected when the holder declines: cancelled on ping, no claims', async () => {
        const holder = holders[holderKind];
        const flow = await start(mode, holder);
        await pickUp(holder, flow);

        const declined = await holder.decline(flow.id);
        expect(declined.status).toBe(201);
        expect(holder.statusIn(declined)).toBe('rejected');

        const view = await integrator.view(flow.id);
        expect(view).toMatchObject({ status: 'rejected', cancelled: true, onsession: true });
        expect(view.claims).toBeUndefined();
        expect(view.subject).toBeUndefined();
        await expectFinal(holder, flow.id, 'rejected');
      });

      it('is cancelled by the integrator while the holder holds it', async () => {
        const holder = holders[holderKind];
        const flow = await start(mode, holder);
        await pickUp(holder, flow);

        const cancelled = await integrator.cancel(flow.id);
        expect(cancelled.status).toBe(201);
        expect(cancelled.body).toMatchObject({ status: 'successful', reason: 'Flow cancelled', version: 'v2' });
        expect(cancelled.body.data.request).toMatchObject({ id: flow.id, status: 'cancelled', cancelled: true });

        const view = await integrator.view(flow.id);
        expect(view).toEqual(cancelled.body.data.request);
        expect(view.claims).toBeUndefined();
        await expectFinal(holder, flow.id, 'cancelled');
      });

      it('expires once its time is up: cancelled on ping, and the approval comes too late', async () => {
        const holder = holders[holderKind];
        const flow = await start(mode, holder);
        await pickUp(holder, flow);

        const realNow = Date.now.bind(Date);
        const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + AFTER_EXPIRY_MS);
        const view = await integrator.view(flow.id);
        clock.mockRestore();

        expect(view).toMatchObject({ status: 'expired', cancelled: true, onsession: true });
        expect(view.claims).toBeUndefined();
        await expectFinal(holder, flow.id, 'expired');
      });
    });
  });

  describe('flows nobody picked up yet', () => {
    it.each(MODES)('%s: a pending flow can be cancelled, and then no device can take it', async (mode) => {
      const holder = holders['Wallet API'];
      const flow = await start(mode, holder);
      const cancelled = await integrator.cancel(flow.id);
      expect(cancelled.status).toBe(201);
      expect(cancelled.body.data.request).toMatchObject({ status: 'cancelled', cancelled: true, onsession: false });
      const picked = await holder.pickUp(flow);
      expect(picked.status).toBe(409);
      expect(picked.body.reason).toBe('The flow is already cancelled');
      expect(await integrator.view(flow.id)).toMatchObject({ status: 'cancelled', onsession: false });
    });

    it.each(MODES)('%s: a pending flow expires, and then no device can take it', async (mode) => {
      const holder = holders['sandbox simulator'];
      const flow = await start(mode, holder);
      const realNow = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + AFTER_EXPIRY_MS);
      const view = await integrator.view(flow.id);
      jest.restoreAllMocks();
      expect(view).toMatchObject({ status: 'expired', cancelled: true, onsession: false });
      expect((await holder.pickUp(flow)).status).toBe(409);
    });

    it('different-device: the holder may approve straight from the push, without accepting first', async () => {
      const holder = holders['Wallet API'];
      const flow = await start('different-device', holder);
      expect((await holder.approve(flow.id, ['naming.name'])).status).toBe(201);
      const view = await integrator.view(flow.id);
      expect(view).toMatchObject({ status: 'completed', onsession: true, user: holder.nin });
      await expect(decryptClaims(sandbox.privateKey, view.claims)).resolves.toEqual(
        recordOf(holder.nin, ['naming.name']),
      );
    });

    it('a holder who consents to nothing completes the flow with no claims', async () => {
      const holder = holders['sandbox simulator'];
      const flow = await start('wildcard', holder);
      expect((await holder.approve(flow.id, [])).status).toBe(201);
      expect(await integrator.view(flow.id)).toMatchObject({ status: 'completed', claims: {}, user: holder.nin });
    });

    it('the simulator approves with every requested claim when it is told none', async () => {
      const flow = await start('same-device', holders['sandbox simulator']);
      const approved = await integrator.simulate('approve', flow.id, {});
      expect(approved.status).toBe(201);
      // With no nin the simulator acts as the first test person.
      const nin = sandbox.testPersons[0].nin;
      expect(approved.body.data.request).toMatchObject({ status: 'completed', user: nin });
      await expect(decryptClaims(sandbox.privateKey, approved.body.data.request.claims)).resolves.toEqual(
        recordOf(nin, NORMALISED),
      );
    });

    it('the subject is stable for one person within one app, and differs between people', async () => {
      const subjects: Record<string, string[]> = {};
      for (const holderKind of HOLDERS) {
        const holder = holders[holderKind];
        for (const mode of ['same-device', 'wildcard'] as const) {
          const flow = await start(mode, holder);
          await pickUp(holder, flow);
          expect((await holder.approve(flow.id, [])).status).toBe(201);
          (subjects[holder.nin] ??= []).push((await integrator.view(flow.id)).subject);
        }
      }
      const [first, second] = Object.values(subjects);
      expect(new Set(first).size).toBe(1);
      expect(new Set(second).size).toBe(1);
      expect(first[0]).not.toBe(second[0]);
    });
  });
});
