/** Calls and what they cost, counted together. */
export interface UsageCount {
  calls: number;
  /** Minor units. */
  cost: number;
}
