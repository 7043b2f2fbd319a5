import type { NewUsageRecord } from './usage.service';

/** Calls that arrive in the same minute of the clock may share a row; a minute never spans two days of a report. */
const TALLY_MINUTE_MS = 60_000;

/** The calls that may share a row: one key of one app, to one route, of one category, answered with one status. */
const groupOf = (record: NewUsageRecord) => {
  const minute = Math.floor(record.createdAt / TALLY_MINUTE_MS);
  return `${record.keyId} ${record.appId} ${record.status} ${record.category ?? ''} ${minute} ${record.route}`;
};

/**
 * Metered calls waiting to be written, counted together: calls of one group in one minute are one row whose `calls`
 * and `cost` add up, the row's time that of the first. Under load that is a few rows a second rather than a row per
 * call, and the reports, which sum `calls` and `cost`, read the same totals.
 */
export class UsageTally {
  private rows = new Map<string, NewUsageRecord>();

  /** Rows waiting, not calls. */
  get size(): number {
    return this.rows.size;
  }

  add(record: NewUsageRecord): void {
    const group = groupOf(record);
    const row = this.rows.get(group);
    if (!row) {
      this.rows.set(group, { ...record });
      return;
    }
    row.calls += record.calls;
    row.cost += record.cost;
  }

  /** Every row, the oldest first; the tally is empty after. */
  take(): NewUsageRecord[] {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    return rows;
  }

  /** Rows that could not be written come back ahead of those counted since, so they stay the oldest. */
  putBack(rows: NewUsageRecord[]): void {
    const since = this.rows;
    this.rows = new Map();
    for (const row of rows) this.add(row);
    for (const row of since.values()) this.add(row);
  }

  /** Drops the oldest rows beyond `limit`; answers how many calls they counted. */
  dropOldest(limit: number): number {
    let calls = 0;
    for (const [group, row] of this.rows) {
      if (this.rows.size <= limit) break;
      calls += row.calls;
      this.rows.delete(group);
    }
    return calls;
  }
}
