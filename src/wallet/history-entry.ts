/** One answer in the person's history, as their app shows it. */
export interface HistoryEntry {
  flowId: string;
  mode: string;
  action: string;
  /** The app that asked. */
  app: string;
  /** `completed` (approved or signed) or `rejected` (declined). */
  status: 'completed' | 'rejected';
  /** Unix seconds. */
  answeredAt: number;
  /** The claim keys released, for an approved identification; none otherwise. */
  releasedClaims: string[];
  /** Whether this device gave the answer (another of the person's devices may have). */
  byThisDevice: boolean;
}
