/**
 * Retries with backoff, shared by the durable work that calls out (webhook deliveries, CIBA pings, document seals): a
 * schedule of seconds between attempts, from configuration.
 */

/** What becomes of the work after a failed attempt. */
export type AfterFailure = { status: 'pending'; nextAttemptAt: number } | { status: 'failed'; nextAttemptAt: null };

/**
 * `attempts` counts the attempt that just failed. The n-th failure waits `schedule[n - 1]` seconds (the last entry once
 * the schedule is shorter than `maxAttempts` needs); the failure of attempt `maxAttempts` is final.
 */
export function afterFailedAttempt(
  attempts: number,
  maxAttempts: number,
  schedule: readonly number[],
  now: number,
): AfterFailure {
  if (attempts >= maxAttempts || schedule.length === 0) return { status: 'failed', nextAttemptAt: null };
  const delaySeconds = schedule[Math.min(attempts, schedule.length) - 1];
  return { status: 'pending', nextAttemptAt: now + Math.round(delaySeconds * 1000) };
}

/** Fresh work gets one first attempt and one retry per entry of the schedule. */
export function attemptsAllowed(schedule: readonly number[]): number {
  return schedule.length + 1;
}
