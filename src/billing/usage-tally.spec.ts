import { UsageTally } from './usage-tally';
import type { NewUsageRecord } from './usage.service';

const MINUTE = 60_000;
const call = (changes: Partial<NewUsageRecord> = {}): NewUsageRecord => ({
  consumerId: 'bcn_a',
  appId: 'app_a',
  keyId: 'key_a',
  environment: 'production',
  route: 'POST /api/v2/flow/ping',
  category: null,
  status: 200,
  calls: 1,
  cost: 0,
  createdAt: 10 * MINUTE + 5,
  ...changes,
});

describe('UsageTally', () => {
  it('counts calls of one key, route, category and status in one minute as one row, dated by the first', () => {
    const tally = new UsageTally();
    tally.add(call({ cost: 50 }));
    tally.add(call({ cost: 50, createdAt: 11 * MINUTE - 1 }));
    tally.add(call({ createdAt: 11 * MINUTE }));
    tally.add(call({ status: 404 }));
    tally.add(call({ keyId: 'key_b' }));
    tally.add(call({ route: 'GET /api/health/check' }));
    tally.add(call({ category: 'authentication' }));
    expect(tally.size).toBe(6);
    expect(tally.take()).toEqual([
      call({ calls: 2, cost: 100 }),
      call({ createdAt: 11 * MINUTE }),
      call({ status: 404 }),
      call({ keyId: 'key_b' }),
      call({ route: 'GET /api/health/check' }),
      call({ category: 'authentication' }),
    ]);
    expect(tally.size).toBe(0);
  });

  it('takes back unwritten rows ahead of those counted since, adding up what overlaps', () => {
    const tally = new UsageTally();
    tally.add(call());
    tally.add(call({ status: 401 }));
    const unwritten = tally.take();
    tally.add(call({ status: 404 }));
    tally.add(call());
    tally.putBack(unwritten);
    expect(tally.take()).toEqual([call({ calls: 2 }), call({ status: 401 }), call({ status: 404 })]);
  });

  it('drops the oldest rows beyond a limit and says how many calls went', () => {
    const tally = new UsageTally();
    tally.add(call());
    tally.add(call());
    tally.add(call({ status: 401 }));
    tally.add(call({ status: 404 }));
    expect(tally.dropOldest(1)).toBe(3);
    expect(tally.take()).toEqual([call({ status: 404 })]);
  });
});
