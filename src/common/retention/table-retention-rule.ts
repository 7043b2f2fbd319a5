import type { RetentionRule } from './retention-rule';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A table whose rows age out, as its repository offers it to retention. */
export interface AgingRows {
  /** Deletes at most `limit` rows older than `before` (epoch ms), the oldest first; answers how many it deleted. */
  deleteOlderThan(before: number, limit: number): Promise<number>;
}

/** The rule of a table whose rows age out on their own: rows older than the cut-off `before` computes at each pass. */
export function tableRetentionRule(options: {
  name: string;
  rows: AgingRows;
  before: (now: number) => number;
}): RetentionRule {
  const { name, rows, before } = options;
  return { name, purge: (limit, now) => rows.deleteOlderThan(before(now), limit) };
}
