const DAY_MS = 86_400_000;

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2025-11`: the calendar month (UTC) of a time, in which the free allowance is counted. */
export function monthOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 7);
}

/** `2025-11-03`: the calendar day (UTC) of a time. */
export function dateOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Midnight UTC starting a `YYYY-MM-DD` day, or undefined when it is not a real date (`2025-02-30`). */
export function startOfDate(date: string): number | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const start = Date.UTC(year, month - 1, day);
  return dateOf(start) === date ? start : undefined;
}

/** The days of a time, counted from 1970-01-01 (UTC): how usage is grouped by day. */
export function dayNumberOf(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS);
}

export function dateOfDayNumber(day: number): string {
  return dateOf(day * DAY_MS);
}

/** The period `[start, end)` of a `YYYY-MM` month, in epoch ms. */
export function monthPeriod(month: string): { start: number; end: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`Not a YYYY-MM month: ${month}`);
  const [year, index] = [Number(match[1]), Number(match[2]) - 1];
  return { start: Date.UTC(year, index, 1), end: Date.UTC(year, index + 1, 1) };
}

/** The period `[start, end)` from the start of one day to the end of another, inclusive of both. */
export function datePeriod(from: string, to: string): { start: number; end: number } {
  const start = startOfDate(from);
  const last = startOfDate(to);
  if (start === undefined || last === undefined) throw new Error(`Not a YYYY-MM-DD date: ${from} or ${to}`);
  return { start, end: last + DAY_MS };
}

/** Whole days from one date to another, both included: 1 for a single day. */
export function daysBetween(from: string, to: string): number {
  const { start, end } = datePeriod(from, to);
  return Math.round((end - start) / DAY_MS);
}
