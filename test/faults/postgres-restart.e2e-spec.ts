import { DELIVERY_LEASE_MS } from '../../src/webhooks/webhook-delivery.repository';
import type { LoadAnswer } from '../support/bounded-load';
import { FaultRig } from '../support/fault-rig';
import { LocalPostgres } from '../support/local-postgres';
import { expectPromisedWebhooks } from '../support/promised-webhooks';
import { pause } from '../support/waiting';

/** How long an instance may take to serve again once PostgreSQL answers. */
const RECOVERY_MS = 10_000;
/** A send whose outcome could not be recorded while the database was away is sent again when its lease runs out. */
const WEBHOOKS_WITHIN_MS = DELIVERY_LEASE_MS + 20_000;

describe('PostgreSQL restarted under load, on two instances', () => {
  const postgres = new LocalPostgres(process.env.DATABASE_URL as string);
  let rig: FaultRig;

  beforeAll(async () => {
    // Retries a second apart: a send that failed while the database was away is not left for minutes.
    // Seals that failed while the database was away are retried as soon as webhooks are, and one whose failure could
    // not be recorded is taken on again after a lease of seconds.
    rig = await FaultRig.start({
      WEBHOOK_RETRY_SCHEDULE: '1,1,2,5,10',
      SEAL_RETRY_SCHEDULE: '1,1,2,5,10',
      SEAL_LEASE_SECONDS: '5',
    });
  }, 90_000);
  afterAll(async () => {
    await postgres.start();
    await rig?.close();
  });

  it('the pool reconnects, every create answered 201 exists, every refusal meanwhile is a 503 to retry, and webhooks arrive signed', async () => {
    const { pair, receiver } = rig;
    const { a, b, sandbox } = pair;
    const load = await rig.startLoad('postgres');
    let recoveredAt: number;
    try {
      await pause(3000);
      const restartedAt = Date.now();
      try {
        await postgres.restart();
      } finally {
        await postgres.start();
      }
      const answeredAt = Date.now();
      await pair.untilReady(RECOVERY_MS);
      recoveredAt = Date.now();
      console.log(
        `PostgreSQL away and back in ${answeredAt - restartedAt} ms; both instances ready ${recoveredAt - answeredAt} ms later`,
      );
      await pause(4000);
    } finally {
      await load.stop();
    }
    console.log(`load answers by status: ${JSON.stringify(load.countsByStatus())}`);
    const failures = load.answers.filter((answer) => answer.status >= 300);
    // The database being away is no fault of the request nor of idflow: 503 with Retry-After, never 500. Any other
    // answer is shown with what the instances logged about its error id.
    const retryLater = (failure: LoadAnswer) =>
      failure.status === 503 && /error id \S+/.test(failure.reason ?? '') && failure.retryAfter === '5';
    const unexpected = failures
      .filter((failure) => !retryLater(failure))
      .map((failure) => {
        const errorId = /error id (\S+)/.exec(failure.reason ?? '')?.[1];
        return { ...failure, logged: errorId ? pair.linesMentioning(errorId) : [] };
      });
    expect(unexpected).toEqual([]);
    // Only while the database was away: once both instances are ready, everything is served again, by both.
    expect(failures.filter((failure) => failure.at > recoveredAt + 1000)).toEqual([]);
    for (const on of [a, b]) {
      const after = load.answers.filter((answer) => answer.instance === on.baseUrl && answer.at > recoveredAt);
      expect(after.some((answer) => answer.status < 300)).toBe(true);
    }

    for (const flow of load.created) {
      const { status } = await pair.call(a, '/api/v2/flow/ping', { request: flow });
      expect({ flow, status }).toEqual({ flow, status: 200 });
    }
    await expectPromisedWebhooks(
      receiver,
      sandbox.webhookSecret,
      'signing.completed',
      load.approved,
      WEBHOOKS_WITHIN_MS,
    );
    // A document's copy is made after its last signature: one whose seal failed while the database was away is
    // completed by a retry.
    await expectPromisedWebhooks(
      receiver,
      sandbox.webhookSecret,
      'document.completed',
      load.completed,
      WEBHOOKS_WITHIN_MS,
    );
  }, 180_000);
});
