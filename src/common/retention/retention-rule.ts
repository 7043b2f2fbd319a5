/** One kind of record that is deleted once old enough, registered by the module that owns it. */
export interface RetentionRule {
  /** What it deletes, for the log: `usage records`. */
  name: string;
  /** Deletes at most `limit` of the records past their age at `now`; answers how many it deleted. */
  purge(limit: number, now: number): Promise<number>;
}
