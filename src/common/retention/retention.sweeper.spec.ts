import type { AppConfig } from '../../config/app-config';
import { BackgroundWork } from '../scheduling/background-work';
import { RetentionRules } from './retention-rules';
import { RETENTION_BATCH, RetentionSweeper } from './retention.sweeper';

describe('RetentionSweeper', () => {
  /** A rule over `backlog` records that deletes what it is asked to and counts its calls. */
  const ruleOver = (name: string, backlog: number) => {
    const rule = {
      name,
      calls: 0,
      left: backlog,
      purge: async (limit: number) => {
        rule.calls++;
        const deleted = Math.min(limit, rule.left);
        rule.left -= deleted;
        return deleted;
      },
    };
    return rule;
  };

  const sweeperOf = (...rules: Array<ReturnType<typeof ruleOver>>) => {
    const registry = new RetentionRules();
    for (const rule of rules) registry.register(rule);
    return new RetentionSweeper(registry, { RETENTION_SWEEP_SECONDS: 3600 } as AppConfig, new BackgroundWork(false));
  };

  it('deletes in batches until a batch comes back short', async () => {
    const usage = ruleOver('usage records', 2 * RETENTION_BATCH + 7);
    await expect(sweeperOf(usage).sweep()).resolves.toEqual({ 'usage records': 2 * RETENTION_BATCH + 7 });
    expect(usage.calls).toBe(3);
  });

  it('takes at most 20 batches of one rule a pass, so a backlog never starves the next rule', async () => {
    const flows = ruleOver('ended flows', 25 * RETENTION_BATCH);
    const proofs = ruleOver('used device proofs', 3);
    const sweeper = sweeperOf(flows, proofs);
    await expect(sweeper.sweep()).resolves.toEqual({
      'ended flows': 20 * RETENTION_BATCH,
      'used device proofs': 3,
    });
    await expect(sweeper.sweep()).resolves.toEqual({ 'ended flows': 5 * RETENTION_BATCH, 'used device proofs': 0 });
    expect(flows.left).toBe(0);
  });
});
