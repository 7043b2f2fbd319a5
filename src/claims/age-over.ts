import type { ClaimName } from './claim-catalog';

/** The ages the `age` claims answer "at least this old?" for, as the PID Rulebook's age_over_NN attributes do. */
export const AGE_THRESHOLDS = [13, 16, 18, 21, 65] as const;

/**
 * Whether someone born on `birthdate` (YYYY-MM-DD) is at least each threshold old on `now`, in calendar years: what a
 * person record holds as its `age` claims.
 */
export function ageOverOf(birthdate: string, now = new Date()): Record<ClaimName<'age'>, boolean> {
  const [year, month, day] = birthdate.split('-').map(Number);
  const today = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  const hadBirthday = today[1] > month || (today[1] === month && today[2] >= day);
  const age = today[0] - year - (hadBirthday ? 0 : 1);
  return Object.fromEntries(AGE_THRESHOLDS.map((threshold) => [`over${threshold}`, age >= threshold])) as Record<
    ClaimName<'age'>,
    boolean
  >;
}
