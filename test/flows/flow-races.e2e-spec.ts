import type { Response } from 'supertest';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { walletHolder } from '../support/holder-driver';
import { IntegratorClient } from '../support/integrator-client';
import { decryptClaims, recordOf } from '../support/released-claims';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

const DEVICES = 50;
/**
 * How far the cancel is held back behind the approval in each round of the cancel-approval race, in ms (negative: the
 * approval is held back). An approval does more work before its compare-and-set than a cancel, so the spread has to
 * lean towards late cancels for both sides to win some rounds, on SQLite and on PostgreSQL.
 */
const STAGGERS_MS = [-5, -2, 0, 2, 5, 10, 20, 40];
const ROUNDS = STAGGERS_MS.length;

const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** DESIGN section 5: every move is a compare-and-set, so of racing moves exactly one wins and the rest see 409. */
describe('racing moves on one flow', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  /** 50 phones spread over the three test persons with a digital ID. */
  let phones: Array<{ device: TestDevice; nin: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const nins = sandbox.testPersons.map((person) => person.nin);
    phones = await Promise.all(
      Array.from({ length: DEVICES }, async (_, index) => {
        const nin = nins[index % nins.length];
        return { device: await enrolledDevice(t.app, t.http, nin), nin };
      }),
    );
  });
  afterAll(() => t.close());

  const pickUp = (device: TestDevice, code: string) => device.post(t.http, '/wallet/v1/flows/pick-up', { code });

  it(`exactly one of ${DEVICES} devices scanning the seeds of one wildcard flow at once wins`, async () => {
    const flow = await integrator.start('wildcard', {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Scan to log in',
      seeds: 10,
    });
    const seeds = flow.seeds as string[];
    const attempts = await Promise.all(phones.map(({ device }, index) => pickUp(device, seeds[index % seeds.length])));

    const winners = attempts.flatMap((response, index) => (response.status === 201 ? [index] : []));
    expect(winners).toHaveLength(1);
    expect(statuses(attempts)).toEqual([201, ...Array(DEVICES - 1).fill(409)]);
    for (const lost of attempts.filter((response) => response.status === 409)) {
      expect(lost.body).toEqual({
        status: 'failed',
        reason: 'The flow has already been picked up by another device',
        version: 'v2',
      });
    }
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'active', onsession: true });

    // Only the winner can finish it; to every other phone the flow does not exist.
    const winner = phones[winners[0]];
    const loser = phones[(winners[0] + 1) % DEVICES];
    expect((await loser.device.post(t.http, `/wallet/v1/flows/${flow.id}/approve`, { claims: [] })).status).toBe(404);
    expect((await loser.device.post(t.http, `/wallet/v1/flows/${flow.id}/decline`)).status).toBe(404);
    expect(
      (await winner.device.post(t.http, `/wallet/v1/flows/${flow.id}/approve`, { claims: ['naming.name'] })).status,
    ).toBe(201);
    const done = await integrator.view(flow.id);
    expect(done).toMatchObject({ status: 'completed', user: winner.nin });
    await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual(
      recordOf(winner.nin, ['naming.name']),
    );
  });

  it('exactly one of 20 devices opening the same same-device link at once wins', async () => {
    const flow = await integrator.start('same-device', { action: 'login', claims: ['naming.name'], payload: 'Log in' });
    const attempts = await Promise.all(
      phones.slice(0, 20).map(({ device }) => pickUp(device, flow.linkCode as string)),
    );
    expect(statuses(attempts)).toEqual([201, ...Array(19).fill(409)]);
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'active', onsession: true });
  });

  it("exactly one of the holder's devices accepting a pushed flow at once wins", async () => {
    const nin = sandbox.testPersons[0].nin;
    const own = phones.filter((phone) => phone.nin === nin);
    expect(own.length).toBeGreaterThan(10);
    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in',
    });
    const attempts = await Promise.all(
      own.map(({ device }) => device.post(t.http, `/wallet/v1/flows/${flow.id}/accept`)),
    );
    expect(statuses(attempts)).toEqual([201, ...Array(own.length - 1).fill(409)]);
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'active', onsession: true });
  });

  describe('a cancel racing an approval', () => {
    /**
     * Fires both together, one of them a few milliseconds behind the other (`stagger` > 0 holds the cancel back, < 0 the
     * approval), so that over the rounds each side gets its chances to win. Exactly one succeeds, the other gets 409,
     * and ping agrees with the winner.
     */
    async function race(approve: () => Promise<Response>, flowId: string, stagger: number) {
      const [approved, cancelled] = await Promise.all([
        delay(Math.max(0, -stagger)).then(approve),
        delay(Math.max(0, stagger)).then(() => integrator.cancel(flowId)),
      ]);
      expect(statuses([approved, cancelled])).toEqual([201, 409]);
      const view = await integrator.view(flowId);
      if (approved.status === 201) {
        expect(view).toMatchObject({ status: 'completed', cancelled: false });
        expect(view.claims).toEqual({ naming: { name: expect.any(String) } });
        expect(cancelled.body.reason).toBe('The flow is already completed');
      } else {
        expect(view).toMatchObject({ status: 'cancelled', cancelled: true });
        expect(view.claims).toBeUndefined();
        expect(cancelled.body.data.request).toMatchObject({ status: 'cancelled' });
        expect(approved.body.reason).toBe('The flow is already cancelled');
      }
    }

    it(`leaves one consistent end over ${ROUNDS} rounds through the Wallet API`, async () => {
      const { device, nin } = phones[0];
      const holder = walletHolder(t.http, device, nin);
      for (let round = 0; round < ROUNDS; round++) {
        const flow = await integrator.start('different-device', {
          user: nin,
          action: 'login',
          claims: ['naming.name'],
          payload: `Round ${round}`,
        });
        if (round % 2 === 1) expect((await holder.pickUp(flow)).status).toBe(201);
        await race(() => holder.approve(flow.id, ['naming.name']), flow.id, STAGGERS_MS[round]);
      }
    });

    it(`leaves one consistent end over ${ROUNDS} rounds through the sandbox simulator`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const flow = await integrator.start('wildcard', {
          action: 'login',
          claims: ['naming.name'],
          payload: `Round ${round}`,
          seeds: 2,
        });
        await race(() => integrator.simulate('approve', flow.id, {}), flow.id, STAGGERS_MS[round]);
      }
    });
  });

  it('a decline racing an approval from two devices of the holder leaves one end', async () => {
    const nin = sandbox.testPersons[1].nin;
    const [first, second] = phones.filter((phone) => phone.nin === nin);
    for (let round = 0; round < ROUNDS; round++) {
      const flow = await integrator.start('different-device', {
        user: nin,
        action: 'login',
        claims: ['naming.name'],
        payload: `Round ${round}`,
      });
      const [approved, declined] = await Promise.all([
        first.device.post(t.http, `/wallet/v1/flows/${flow.id}/approve`, { claims: ['naming.name'] }),
        second.device.post(t.http, `/wallet/v1/flows/${flow.id}/decline`),
      ]);
      expect(statuses([approved, declined])).toEqual([201, 409]);
      const view = await integrator.view(flow.id);
      expect(view.status).toBe(approved.status === 201 ? 'completed' : 'rejected');
    }
  });
});
