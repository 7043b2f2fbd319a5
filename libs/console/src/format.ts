/** A Unix time in seconds as a reader expects it: date and minute, UTC, the same for every operator. */
export function when(seconds: number | null): string {
  if (seconds === null) return 'never';
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
